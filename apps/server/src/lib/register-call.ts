/**
 * Registers a route from its call contract (defineCall in @lis/domain): the
 * method, path, permission and schemas come from the contract, so the route
 * file keeps only what is the server's own: the OpenAPI words and the
 * handler. Every /api route is registered this way: a route that is not
 * stops the server at start-up (lib/route-contracts.ts).
 *
 *   registerCall(app, sampleContracts.save, { tags, summary, description }, async (request, reply) => …);
 */
import type {
  ContextConfigDefault, FastifyContextConfig, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault,
  RouteGenericInterface, RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callSchemas, type CallSchemas, type CallSpec } from '@lis/domain';

/** The server's own words and settings for a call; the contract gives the rest. */
export interface CallDocs {
  tags: string[];
  summary: string;
  description?: string;
  /** Route settings beyond the permission: a rate limit, the password-change exemption, a clearer refusal code. */
  config?: Omit<FastifyContextConfig, 'permission' | 'contract'>;
  /** The largest body this call takes, when it is not the server's default. */
  bodyLimit?: number;
}

/** The handler of a contract's route, its request and reply typed by the contract's schemas. */
export type CallHandler<Spec extends CallSpec> = RouteHandlerMethod<
  RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, ContextConfigDefault,
  CallSchemas<Spec>, ZodTypeProvider
>;

export function registerCall<Spec extends CallSpec>(app: FastifyInstance, call: Spec, docs: CallDocs, handler: CallHandler<Spec>): void {
  const { tags, summary, description, config, bodyLimit } = docs;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    schema: { tags, summary, ...(description === undefined ? {} : { description }), ...callSchemas(call) },
    config: { ...config, permission: call.permission, contract: call },
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    handler,
  });
}
