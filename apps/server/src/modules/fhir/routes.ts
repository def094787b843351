import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { message, type Permission } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { connectionFailure } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import {
  FhirError, RESOURCE_TYPES, SEARCH_PARAMETERS, capabilityStatement, issue, operationOutcome, readResource, receiveOrderBundle, searchResources,
  type FhirResourceType,
} from './service.ts';

const TAGS = ['FHIR R4'];
const FHIR_JSON = 'application/fhir+json; charset=utf-8';
const AUTH = 'Authorization: Bearer {session token}; the site in the x-site header (else the session\'s own site). '
  + 'Errors are OperationOutcome resources naming the element or parameter (expression): 400 bad input, 401 no session, 403 no permission, '
  + '404 unknown or another site\'s resource, 409/422 an order the lab cannot take.';

/** What each resource's read and search need, as the rest of the API grants it. */
const PERMISSIONS: Record<FhirResourceType, Permission> = {
  Patient: 'patients.read',
  ServiceRequest: 'samples.read',
  Specimen: 'samples.read',
  Observation: 'samples.read',
  DiagnosticReport: 'reports.read',
};

/** The FHIR base of this request's server: what fullUrl and the paging links are built on. */
function baseOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}/fhir/R4`;
}

function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.status(status).type(FHIR_JSON).send(body);
}

/** Any refusal as an OperationOutcome: the FHIR API never answers the /api's own error shape. */
function outcomeOf(error: FastifyError | AppError | FhirError, request: FastifyRequest): { status: number; body: unknown } {
  if (error instanceof FhirError) return { status: error.status, body: operationOutcome(error.issues) };
  if (error instanceof AppError) {
    const code = error.status === 401 ? 'login' : error.status === 403 ? 'forbidden' : error.status === 404 ? 'not-found' : error.status === 409 ? 'conflict' : 'invalid';
    return { status: error.status, body: operationOutcome([issue(code, message(error.code, 'en', error.params), error.field)]) };
  }
  if (error.statusCode === 429) return { status: 429, body: operationOutcome([issue('throttled', 'Too many requests')]) };
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    // The framework's refusals (a body that is not JSON, too large, a wrong content type).
    return { status: error.statusCode, body: operationOutcome([issue('invalid', error.message, 'body')]) };
  }
  if (connectionFailure(error)) return { status: 503, body: operationOutcome([issue('transient', message('db.connection', 'en'))]) };
  request.log.error({ err: { message: error.message, stack: error.stack } }, 'unhandled FHIR error');
  return { status: 500, body: operationOutcome([issue('exception', message('server.error', 'en'))]) };
}

const idParams = z.object({ id: z.string().max(200).describe('The resource id') });

/**
 * The FHIR R4 API, registered under /fhir/R4 (modules/index.ts). Its routes declare their permission as /api's do,
 * and the auth hook checks the session, the site and the permission for them the same way.
 */
export function fhirRoutes(app: FastifyInstance, options: AppOptions): Promise<void> {
  app.addContentTypeParser('application/fhir+json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(FhirError.invalid('The body is not JSON', 'body'));
    }
  });
  app.setErrorHandler((error: FastifyError | AppError | FhirError, request, reply) => {
    const { status, body } = outcomeOf(error, request);
    return send(reply, status, body);
  });
  app.setNotFoundHandler((request, reply) => send(reply, 404, operationOutcome([issue('not-supported', `${request.method} ${request.url} is not part of this FHIR API`)])));

  app.get('/metadata', {
    config: { permission: 'public' },
    schema: { tags: TAGS, summary: 'CapabilityStatement: the resources, interactions and search parameters supported' },
  }, (request, reply) => send(reply, 200, capabilityStatement(baseOf(request))));

  app.post('/', {
    config: { permission: 'samples.write' },
    schema: {
      tags: TAGS,
      summary: 'Orders in: a transaction Bundle with a Patient and ServiceRequests creates the sample as intake does',
      description: `${AUTH} The Patient is found by its JMBG identifier (system urn:lis:jmbg unless the lab set another) or registered `
        + '(needs patients.write); each ServiceRequest.code names a lab test by LOINC (http://loinc.org) or the lab\'s code (urn:lis:assay); '
        + 'ServiceRequest.identifier from the sender makes the order idempotent: sent again, the earlier sample is answered (200 OK entries) '
        + 'and nothing is created. Answers a transaction-response Bundle, one entry per request entry.',
    },
  }, async (request, reply) => {
    const { bundle } = await receiveOrderBundle(options.db, request.ctx, request.body, baseOf(request));
    return send(reply, 200, bundle);
  });

  for (const type of RESOURCE_TYPES) {
    const parameters = SEARCH_PARAMETERS[type].map((parameter) => `\`${parameter.name}\` (${parameter.doc})`).join(', ');
    app.get(`/${type}`, {
      config: { permission: PERMISSIONS[type] },
      schema: {
        tags: TAGS,
        summary: `Search ${type}`,
        description: `${AUTH} Parameters: ${parameters}, \`_id\`, \`_lastUpdated\`, \`_count\` (at most 100, default 20), \`_offset\`. `
          + 'Answers a searchset Bundle with total and self/next/previous links. An unsupported parameter is a 400 naming it.',
      },
    }, async (request, reply) => send(reply, 200, await searchResources(
      options.db, request.ctx, type, request.query as Record<string, string | string[]>, baseOf(request),
    )));
    app.get(`/${type}/:id`, {
      config: { permission: PERMISSIONS[type] },
      schema: { tags: TAGS, summary: `Read ${type}`, description: AUTH, params: idParams },
    }, async (request, reply) => {
      const { id } = request.params as z.output<typeof idParams>;
      return send(reply, 200, await readResource(options.db, request.ctx, type, id));
    });
  }
  return Promise.resolve();
}
