/** `{ '../../locales/es/auth.json': module }` → `{ auth: {...} }`. */
export function toNamespaces(
  files: Record<string, { default: Record<string, unknown> }>,
): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [file, module] of Object.entries(files)) {
    const ns = /([\w-]+)\.json$/.exec(file)?.[1];
    if (ns) out[ns] = module.default;
  }
  return out;
}
