const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive as free text in paths and queries; anything that is not a uuid is simply not found. */
export const isUuid = (value: string | undefined | null): value is string => !!value && UUID.test(value);

/** LIKE/ILIKE pattern that matches `term` literally anywhere (backslash, % and _ escaped). */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
