export interface TimelineSelection {
  rowKey: string;
  start: string;
  end: string;
}

export interface TimelineMetrics {
  dayWidth: number;
  nameWidth: number;
  unitHeight: number;
  typeHeight: number;
}

export const HEADER_HEIGHT = 60;
