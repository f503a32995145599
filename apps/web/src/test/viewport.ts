// A screen width as the app's media queries see it (jsdom has no layout): matchMedia answers min-width and
// max-width queries (px, em, rem) for `width`. Returns the way back to the setup's polyfill.
export function emulateWidth(width: number): () => void {
  const original = window.matchMedia;
  const px = (value: string | undefined, unit: string | undefined) =>
    Number(value) * (unit === 'em' || unit === 'rem' ? 16 : 1);
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)(px|em|rem)/.exec(query);
    const min = /min-width:\s*([\d.]+)(px|em|rem)/.exec(query);
    const matches =
      (max !== null || min !== null) &&
      (max === null || width <= px(max[1], max[2])) &&
      (min === null || width >= px(min[1], min[2]));
    return { ...original(query), matches };
  };
  return () => {
    window.matchMedia = original;
  };
}
