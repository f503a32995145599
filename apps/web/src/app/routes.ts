/**
 * One typed table: each contract name of spec 2.1 → its path in spec 2.2.
 * A route is added here when its screen is built; navigation uses these names, never literal paths.
 */
export const routePaths = {
  // Public (spec 2.2)
  Login: '/',
  Register: '/register',
  Reset: '/reset',
  confirmacionReset: '/recuperar/:token',
  Confirmar: '/verific/token/account/:token',
  socialCallback: '/auth/:provider/callback',
  Logout: '/logout',
  /** Login's legacy_redirect target: hands token and user to the legacy application. */
  legacyBridge: '/legacy-bridge',
  // Business area (role empresa)
  Dashboard: '/business/dashboard',
  /** The accommodation list with each property's check-in QR (spec 2.2 properties). */
  propertiesList: '/business/properties',
  /** Property creation wizard: the first property (also the root for a user with none), and any other. */
  firstCreatePropiedad: '/create/properties',
  createPropiedad: '/business/create/properties',
  // Admin area (role admin)
  HomeManager: '/manager/home',
  advisorsPage: '/manager/advisors',
  UsuariosManager: '/manager/users',
} as const;

export type RouteName = keyof typeof routePaths;

type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

export type RouteParams<N extends RouteName> =
  ParamNames<(typeof routePaths)[N]> extends never
    ? undefined
    : Record<ParamNames<(typeof routePaths)[N]>, string>;

/** The path of a named route with its parameters filled in. */
export function pathTo<N extends RouteName>(
  name: N,
  ...args: RouteParams<N> extends undefined
    ? [params?: undefined, query?: Record<string, string>]
    : [params: RouteParams<N>, query?: Record<string, string>]
): string {
  const [params, query] = args;
  let path: string = routePaths[name];
  for (const [key, value] of Object.entries((params ?? {}) as Record<string, string>)) {
    path = path.replace(`:${key}`, encodeURIComponent(value));
  }
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${path}${search}`;
}
