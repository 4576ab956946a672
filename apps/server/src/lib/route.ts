import { API_ENDPOINTS, ERROR_STATUS, errorBodySchema, type Endpoint, type OperationId } from "@housemate/contract";

const OPERATION_IDS = new Map<Endpoint, OperationId>(
  Object.entries(API_ENDPOINTS).map(([id, endpoint]) => [endpoint, id as OperationId]),
);

/** The error statuses an endpoint answers with, each in the catalogue's error body (SPEC §8). */
type ErrorResponses = Partial<Record<number, typeof errorBodySchema>>;

/** What Fastify registers for an endpoint, its schemas' types kept so the type provider types the handler. */
export interface EndpointRoute<E extends Endpoint> {
  method: E["method"];
  url: E["path"];
  schema: {
    operationId: OperationId;
    params: E["params"];
    querystring: E["query"];
    body: E["body"];
    consumes?: string[];
    /**
     * Typed by the success status alone, so a handler must return the endpoint's answer; the error statuses are there
     * too (the catalogue's body, for the serializer and the document), but a handler throws those, never returns them.
     */
    response: Record<E["status"], E["response"]>;
    security: { bearer: string[] }[];
  };
}

/**
 * A route's registration from its contract endpoint: method, url, and the schemas Fastify validates the request with
 * and writes the answer from; the operationId and security the OpenAPI document shows. Handlers are typed from it:
 * `app.route({ ...routeOptions(finesApi.listFines), handler })`.
 */
export function routeOptions<E extends Endpoint>(endpoint: E): EndpointRoute<E> {
  const operationId = OPERATION_IDS.get(endpoint);
  if (!operationId) throw new Error(`${endpoint.method} ${endpoint.path} is not in API_ENDPOINTS`);
  const errors: ErrorResponses = {};
  for (const code of endpoint.errors) errors[ERROR_STATUS[code]] = errorBodySchema;
  const schema = {
    operationId,
    // Left out rather than undefined where the endpoint has none (Fastify warns of an undefined schema).
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    ...(endpoint.consumes && { consumes: [...endpoint.consumes] }),
    response: { ...errors, [endpoint.status]: endpoint.response },
    // The bearer token for a session endpoint; none, said explicitly, for a public one.
    security: endpoint.auth === "session" ? [{ bearer: [] }] : [],
  };
  // The spreads and the computed status lose the endpoint's own schema types, which the type provider types the
  // handler from: they are put back as the endpoint declares them.
  return { method: endpoint.method, url: endpoint.path, schema: schema as EndpointRoute<E>["schema"] };
}
