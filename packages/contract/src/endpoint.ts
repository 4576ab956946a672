import type { z } from "zod";
import type { ErrorCode } from "./values/errors.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** Who may call: the holder of a live session (bearer token), or anyone. */
export type EndpointAuth = "session" | "public";

/** The names of a path's parameters: `"/fines/household/:hid/fines/:fid"` → `"hid" | "fid"`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * One API operation, defined once: the server registers its route and schemas from it, the web's client builds its
 * path and types its answer from it, and the OpenAPI document describes it. Its operationId is its key in
 * API_ENDPOINTS.
 */
export interface Endpoint<
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Status extends 200 | 201 = 200 | 201,
  Response extends z.ZodType = z.ZodType,
  Consumes extends readonly string[] | undefined = readonly string[] | undefined,
> {
  readonly method: Method;
  /** Fastify's form, `:name` for a parameter. */
  readonly path: Path;
  readonly params: Params;
  readonly query: Query;
  readonly body: Body;
  /** The body's content types when it is not JSON (an upload's raw image bytes). */
  readonly consumes: Consumes;
  /** The success answer's content types when it is a file, not JSON (an export's CSV or PDF); errors stay JSON. */
  readonly produces: readonly string[] | undefined;
  /** The success status: 201 where the call creates something. */
  readonly status: Status;
  readonly response: Response;
  readonly auth: EndpointAuth;
  /** Every error code the endpoint may answer with: its own, and those any endpoint of its kind may (see below). */
  readonly errors: readonly ErrorCode[];
}

interface EndpointDefinition<
  Method extends HttpMethod,
  Path extends string,
  Params extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Status extends 200 | 201,
  Response extends z.ZodType,
  Consumes extends readonly string[] | undefined,
> {
  method: Method;
  path: Path;
  params?: Params;
  query?: Query;
  body?: Body;
  consumes?: Consumes;
  produces?: readonly string[];
  status?: Status;
  response: Response;
  auth: EndpointAuth;
  /** The errors this endpoint's own rules give (403, 404, 409…); the ones every endpoint may give are added. */
  errors: readonly ErrorCode[];
}

/**
 * Defines an endpoint. The errors any endpoint may answer with are added to its own: 400 when it reads input, 401
 * when it needs a session, and 500 and 503 (an overloaded server or its database down) always.
 */
// Marked free of side effects so a bundle drops the endpoints it does not use, and the schemas only they need.
export /* @__NO_SIDE_EFFECTS__ */ function defineEndpoint<
  const Method extends HttpMethod,
  const Path extends string,
  Response extends z.ZodType,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  const Status extends 200 | 201 = 200,
  const Consumes extends readonly string[] | undefined = undefined,
>(
  definition: EndpointDefinition<Method, Path, Params, Query, Body, Status, Response, Consumes>,
): Endpoint<Method, Path, Params, Query, Body, Status, Response, Consumes> {
  const readsInput = Boolean(definition.params ?? definition.query ?? definition.body ?? definition.consumes);
  const implied: ErrorCode[] = [
    ...(readsInput ? (["VALIDATION_ERROR"] as const) : []),
    ...(definition.auth === "session" ? (["UNAUTHENTICATED"] as const) : []),
    "INTERNAL",
    "SERVICE_UNAVAILABLE",
  ];
  return {
    method: definition.method,
    path: definition.path,
    params: definition.params as Params,
    query: definition.query as Query,
    body: definition.body as Body,
    consumes: definition.consumes as Consumes,
    produces: definition.produces,
    status: definition.status ?? (200 as Status),
    response: definition.response,
    auth: definition.auth,
    errors: [...new Set([...definition.errors, ...implied])],
  };
}

/** The values of an endpoint's path parameters, by name: a missing or renamed one is a type error. */
export type PathValues<E extends Endpoint> = Record<PathParamNames<E["path"]>, string>;

/** The endpoint's path with its parameters filled in (encoded), relative to the API's base. */
export function pathOf<E extends Endpoint>(endpoint: E, values: PathValues<E>): string {
  const byName: Record<string, string> = values;
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = byName[name];
    if (value === undefined) throw new Error(`${endpoint.path} needs its ${name}`);
    return encodeURIComponent(value);
  });
}
