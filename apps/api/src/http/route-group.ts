// The routes of one resource, each said once: `routes.patch(path, definition, handler)` is both
// the route's entry in /openapi.json and how it is served. What every route of spec 7 shares is
// done here: the sign-in check, the JSON body read (json-body.ts), the path, query and body
// checked with the contract's schemas (validate.ts, a 422 in FastAPI's shape), the answer with
// its status, a 404 when the handler finds nothing of the signed-in user's, and every error
// answer those steps can give, documented. A handler says only what is its own: which rows, and
// what to answer. apps/api/README.md ("Adding a resource") shows one.
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import type * as z from "zod/mini";
import type { AppEnv } from "../app-env.js";
import type { UserRow } from "../db/schema.js";
import { ApiError } from "../errors/api-error.js";
import { pathParameters, queryParameters } from "./json-schema.js";
import { HttpError, errorResponses, json, jsonBodyErrors } from "./schemas.js";
import { type ValidationTarget, valid, validJsonBody } from "./validate.js";

type Method = "get" | "post" | "put" | "patch" | "delete";
type Schema = z.ZodMiniType;
type ObjectSchema = z.ZodMiniObject;
/** The parsed value of an optional schema: undefined when the route has none. */
type Parsed<S> = S extends Schema ? z.output<S> : undefined;

/** What a route answers on success: its status, and the schema of its body (none for 204). */
export interface Answer<Body extends Schema | undefined> {
  status: 200 | 201 | 204;
  description: string;
  schema: Body;
  /** A body that is not JSON (the handler answers a Response): its media type. */
  mediaType?: string;
  /** Bytes of one of these media types (a stored file), which the handler sends. */
  binaryTypes?: readonly string[];
}

/** 200 with a body of `schema`. */
export function ok<Body extends Schema>(schema: Body, description: string): Answer<Body> {
  return { status: 200, description, schema };
}

/** 200 with a body of another media type than JSON (`text/calendar`), which the handler sends. */
export function okAs(mediaType: string, description: string): Answer<undefined> {
  return { status: 200, description, schema: undefined, mediaType };
}

/** 200 with bytes of one of `mediaTypes` (a stored file), which the handler sends. */
export function okBytes(mediaTypes: readonly string[], description: string): Answer<undefined> {
  return { status: 200, description, schema: undefined, binaryTypes: mediaTypes };
}

/** 201 with the created record. */
export function created<Body extends Schema>(schema: Body, description: string): Answer<Body> {
  return { status: 201, description, schema };
}

/** 204 and no body. */
export function noContent(description: string): Answer<undefined> {
  return { status: 204, description, schema: undefined };
}

export interface RouteDefinition<
  Params extends ObjectSchema | undefined,
  Query extends ObjectSchema | undefined,
  Body extends Schema | undefined,
  AnswerBody extends Schema | undefined,
> {
  summary: string;
  description?: string;
  /** The path's parameters, named as in the path: `/tasks/{task_id}`. */
  params?: Params;
  query?: Query;
  /** A JSON body, required unless `bodyOptional`. */
  body?: Body;
  /** The body may be left out: nothing (or only white space) is read as `{}`. */
  bodyOptional?: boolean;
  /**
   * A body the handler reads itself (an upload, as it streams in), documented as `mediaType`
   * with this JSON Schema; its failures are the handler's own (`refusals`, and 422).
   */
  rawBody?: { mediaType: string; schema: Record<string, unknown> };
  answer: Answer<AnswerBody>;
  /** The 404's detail, when the handler may find nothing of the user's at this path. */
  notFound?: string;
  /**
   * Other failures the handler answers with an ApiError (`{"detail": ...}`), by status, each with
   * its description for /openapi.json.
   */
  refusals?: Partial<Record<400 | 403 | 409 | 410 | 413 | 415 | 429 | 503, string>>;
  /**
   * The 404 and 422 are also a page (`text/html`) for a caller whose Accept prefers it: a person
   * who follows a broken link from an email. The route's own error handler writes it.
   */
  refusalPages?: boolean;
}

export interface RouteInput<User, Params, Query, Body> {
  c: Context<AppEnv>;
  /** The signed-in user (undefined on a public route): scope every query to them (decisions D4). */
  user: User;
  params: Params;
  query: Query;
  body: Body;
}

/**
 * The answer's body, sent with the route's status; or a Response, sent as it is (a list from the
 * list cache); or null: nothing of the user's is here (404).
 */
type Answered<AnswerBody> =
  (AnswerBody extends Schema ? z.output<AnswerBody> : unknown) | Response | null;

/**
 * Documents a route and serves it at `path` (in OpenAPI's form, `/tasks/{task_id}`); `handle`
 * gets the checked input and says what to answer.
 */
export type AddRoute<User> = <
  Params extends ObjectSchema | undefined = undefined,
  Query extends ObjectSchema | undefined = undefined,
  Body extends Schema | undefined = undefined,
  AnswerBody extends Schema | undefined = undefined,
>(
  path: string,
  definition: RouteDefinition<Params, Query, Body, AnswerBody>,
  handle: (
    input: RouteInput<User, Parsed<Params>, Parsed<Query>, Parsed<Body>>,
  ) => Answered<AnswerBody> | Promise<Answered<AnswerBody>>,
) => void;

export interface RouteGroup<User> extends Record<Method, AddRoute<User>> {
  /** The group's routes, to mount with `app.route("/", group.app)`. */
  app: OpenAPIHono<AppEnv>;
}

/** A definition as the group reads it, whatever its schemas. */
type AnyDefinition = RouteDefinition<
  ObjectSchema | undefined,
  ObjectSchema | undefined,
  Schema | undefined,
  Schema | undefined
>;
/** A handler as the group calls it: the types its definition gave it were checked where it was written. */
type AnyHandler = (input: RouteInput<unknown, unknown, unknown, unknown>) => unknown;

/** Routes under `tag` for the signed-in user only: `requireUser` runs first on every one. */
export function signedInRoutes(
  tag: string,
  requireUser: MiddlewareHandler<AppEnv>,
): RouteGroup<UserRow> {
  return routeGroup(tag, requireUser);
}

/** Routes under `tag` that anyone may call. */
export function publicRoutes(tag: string): RouteGroup<undefined> {
  return routeGroup(tag, undefined);
}

function routeGroup<User>(
  tag: string,
  requireUser: MiddlewareHandler<AppEnv> | undefined,
): RouteGroup<User> {
  const app = new OpenAPIHono<AppEnv>();
  const adder =
    (method: Method): AddRoute<User> =>
    (path, typedDefinition, typedHandle) => {
      const definition = typedDefinition as AnyDefinition;
      const handle = typedHandle as AnyHandler;
      const { params, query, body, bodyOptional = false, answer, notFound } = definition;
      const document = documentOf(
        { method, path, tag, signedIn: requireUser !== undefined },
        definition,
      );
      app.openAPIRegistry.registerPath(document);

      const checks: MiddlewareHandler[] = [];
      if (requireUser !== undefined) checks.push(requireUser);
      if (params !== undefined) checks.push(valid("param", params));
      if (query !== undefined) checks.push(valid("query", query));
      if (body !== undefined) checks.push(validJsonBody(body, { optional: bodyOptional }));

      app.on(method.toUpperCase(), document.getRoutingPath(), every(...checks), async (c) => {
        // Each value was checked above; Hono keeps what the check returned under its target.
        const validated = (target: ValidationTarget): unknown => c.req.valid(target as never);
        const result = await handle({
          c,
          user: requireUser === undefined ? undefined : c.get("user"),
          params: params === undefined ? undefined : validated("param"),
          query: query === undefined ? undefined : validated("query"),
          body: body === undefined ? undefined : validated("json"),
        });
        if (result instanceof Response) return result;
        if (result === null) {
          if (notFound === undefined) throw new Error(`${method} ${path} found nothing`);
          throw new ApiError(404, notFound);
        }
        if (answer.status === 204) return c.body(null, 204);
        return c.json(result as object, answer.status);
      });
    };
  return {
    app,
    get: adder("get"),
    post: adder("post"),
    put: adder("put"),
    patch: adder("patch"),
    delete: adder("delete"),
  };
}

interface RoutePlace {
  method: Method;
  path: string;
  tag: string;
  signedIn: boolean;
}

/** A refusal's entry, also as a page for a browser that asks for HTML (refusalPages). */
function withPage<Response extends { content: Record<string, unknown> }>(response: Response) {
  return { ...response, content: { ...response.content, "text/html": PAGE } };
}
const PAGE = { schema: { type: "string" as const } };

/** The route's entry in /openapi.json, with every answer its checks can give. */
function documentOf({ method, path, tag, signedIn }: RoutePlace, definition: AnyDefinition) {
  const { params, query, body, bodyOptional = false, rawBody, answer, notFound } = definition;
  const { refusals = {}, refusalPages = false } = definition;
  const paged = <Response extends { content: Record<string, unknown> }>(response: Response) =>
    refusalPages ? withPage(response) : response;
  const parameters = [
    ...(params === undefined ? [] : pathParameters(params)),
    ...(query === undefined ? [] : queryParameters(query)),
  ];
  return createRoute({
    method,
    path,
    tags: [tag],
    summary: definition.summary,
    ...(definition.description === undefined ? {} : { description: definition.description }),
    ...(signedIn ? { security: [{ bearerAuth: [] }] } : {}),
    ...(parameters.length === 0 ? {} : { parameters }),
    ...(body === undefined
      ? {}
      : { request: { body: { content: json(body), required: !bodyOptional } } }),
    ...(rawBody === undefined
      ? {}
      : {
          request: {
            body: { content: { [rawBody.mediaType]: { schema: rawBody.schema } }, required: true },
          },
        }),
    responses: {
      [answer.status]: {
        description: answer.description,
        ...(answer.schema === undefined ? {} : { content: json(answer.schema) }),
        ...(answer.mediaType === undefined
          ? {}
          : { content: { [answer.mediaType]: { schema: { type: "string" as const } } } }),
        ...(answer.binaryTypes === undefined
          ? {}
          : {
              content: Object.fromEntries(
                answer.binaryTypes.map((type) => [
                  type,
                  { schema: { type: "string" as const, format: "binary" } },
                ]),
              ),
            }),
      },
      ...(signedIn ? errorResponses.unauthorized : {}),
      ...(notFound === undefined
        ? {}
        : { 404: paged({ description: notFound, content: json(HttpError) }) }),
      ...(parameters.length === 0 && rawBody === undefined
        ? {}
        : { 422: paged(errorResponses.validation[422]) }),
      ...(body === undefined ? {} : jsonBodyErrors),
      ...errorResponses.unavailable,
      ...Object.fromEntries(
        Object.entries(refusals).map(([status, description]) => [
          status,
          { description, content: json(HttpError) },
        ]),
      ),
    },
  });
}
