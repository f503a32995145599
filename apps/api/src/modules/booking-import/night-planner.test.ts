import { describe, expect, it } from 'vitest';
import { createNightPlanner, type PlannerInput, type PlanRequest } from './night-planner.ts';

const APT = 'apt';
const HOTEL = 'hotel';
const DOUBLE = 'type-double';

function input(overrides: Partial<PlannerInput> = {}): PlannerInput {
  return {
    units: new Map([
      [APT, [{ id: APT, roomTypeId: null, name: '', sellable: true }]],
      [
        HOTEL,
        [
          { id: 'r-110', roomTypeId: DOUBLE, name: '110', sellable: true },
          { id: 'r-102', roomTypeId: DOUBLE, name: '102', sellable: true },
          { id: 'r-101', roomTypeId: DOUBLE, name: '101', sellable: false },
          { id: 'r-9', roomTypeId: DOUBLE, name: '9', sellable: true },
          { id: 'r-201', roomTypeId: 'type-suite', name: '201', sellable: true },
        ],
      ],
    ]),
    taken: new Map(),
    rules: new Map(),
    ...overrides,
  };
}

const apartment = (row: number, start: string, end: string): PlanRequest => ({
  row,
  propertyId: APT,
  hotel: false,
  roomTypeId: null,
  quantity: 1,
  start,
  end,
});
const hotel = (row: number, start: string, end: string, quantity = 1): PlanRequest => ({
  row,
  propertyId: HOTEL,
  hotel: true,
  roomTypeId: DOUBLE,
  quantity,
  start,
  end,
});

describe('night planner', () => {
  it('places back-to-back stays on an apartment and reports the earlier row a stay overlaps', () => {
    const planner = createNightPlanner(input());
    expect(planner.place(apartment(2, '2026-12-01', '2026-12-04'))).toEqual({ ok: true, unitIds: [APT] });
    // Departure day is free for the next arrival.
    expect(planner.place(apartment(3, '2026-12-04', '2026-12-06'))).toEqual({ ok: true, unitIds: [APT] });
    expect(planner.place(apartment(4, '2026-12-05', '2026-12-07'))).toEqual({
      ok: false,
      code: 'booking_import.overlaps_row',
      field: 'arrival',
      params: { row: 3 },
    });
  });

  it('reports nights already sold or closed in the database as the spec 8 dates-taken warning', () => {
    const planner = createNightPlanner(input({ taken: new Map([[APT, new Set(['2026-12-02'])]]) }));
    expect(planner.place(apartment(2, '2026-12-01', '2026-12-04'))).toMatchObject({
      ok: false,
      code: 'booking.dates_taken',
    });
    expect(planner.place(apartment(3, '2026-12-03', '2026-12-05')).ok).toBe(true);
  });

  it('applies stop-sell and the arrival night minimum stay, like a manual booking', () => {
    const rules = new Map([
      [
        APT,
        new Map([
          ['2026-12-10', { minStay: 3, stopSell: false }],
          ['2026-12-20', { minStay: 1, stopSell: true }],
        ]),
      ],
    ]);
    const planner = createNightPlanner(input({ rules }));
    expect(planner.place(apartment(2, '2026-12-10', '2026-12-12'))).toMatchObject({
      ok: false,
      code: 'booking.min_stay',
      field: 'departure',
    });
    expect(planner.place(apartment(3, '2026-12-10', '2026-12-13')).ok).toBe(true);
    expect(planner.place(apartment(4, '2026-12-19', '2026-12-21'))).toMatchObject({
      code: 'booking.dates_taken',
    });
  });

  it('gives a hotel booking free rooms of its type by name, never one in maintenance', () => {
    const planner = createNightPlanner(input());
    expect(planner.place(hotel(2, '2026-12-01', '2026-12-03', 2))).toEqual({
      ok: true,
      unitIds: ['r-9', 'r-102'],
    });
    expect(planner.place(hotel(3, '2026-12-02', '2026-12-04'))).toEqual({ ok: true, unitIds: ['r-110'] });
    // Three sellable doubles, all taken on the 2nd: 101 is in maintenance.
    expect(planner.place(hotel(4, '2026-12-02', '2026-12-03'))).toEqual({
      ok: false,
      code: 'booking_import.overlaps_row',
      field: 'arrival',
      params: { row: 2 },
    });
    expect(planner.place(hotel(5, '2026-12-03', '2026-12-04', 2)).ok).toBe(true);
  });

  it('says dates taken when the database alone leaves too few rooms, overlap when the file took them', () => {
    const taken = new Map([
      ['r-9', new Set(['2026-12-01'])],
      ['r-102', new Set(['2026-12-01'])],
    ]);
    const planner = createNightPlanner(input({ taken }));
    expect(planner.place(hotel(2, '2026-12-01', '2026-12-02', 2))).toMatchObject({
      code: 'booking.dates_taken',
    });
    expect(planner.place(hotel(3, '2026-12-01', '2026-12-02'))).toEqual({ ok: true, unitIds: ['r-110'] });
    expect(planner.place(hotel(4, '2026-12-01', '2026-12-02'))).toMatchObject({
      code: 'booking_import.overlaps_row',
      params: { row: 3 },
    });
  });

  it('keeps placing day after day across thousands of rows', () => {
    const planner = createNightPlanner(input());
    let placed = 0;
    for (let i = 0; i < 5000; i++) {
      const start = new Date(Date.UTC(2027, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      const end = new Date(Date.UTC(2027, 0, 2) + i * 86_400_000).toISOString().slice(0, 10);
      if (planner.place(hotel(i + 2, start, end, 3)).ok) placed += 1;
    }
    expect(placed).toBe(5000);
  });
});
