import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, type MessageCode } from '@splashboard/contract';
import { AppError, type SchemaErrors } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The top message of this route's bad input (the spec's 'Campaign creation failed', say); common.validation if none. */
    validationCode?: MessageCode;
  }
}

function fieldName(instancePath: string, fallback: string) {
  const name = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return name || fallback;
}

/** The error a failure is for the user; null for one nobody expected (a 500). */
function userErrorOf(error: FastifyError, request: FastifyRequest): AppError | null {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const schemaErrors: SchemaErrors = {};
    for (const v of error.validation) {
      const key = fieldName(v.instancePath, v.params?.issue ? 'body' : 'request');
      (schemaErrors[key] ??= []).push(v.message ?? MESSAGES.validation);
    }
    return new AppError(422, request.routeOptions.config.validationCode ?? 'common.validation', { schemaErrors });
  }
  const status = error.statusCode;
  if (isResponseSerializationError(error) || !status || status < 400 || status >= 500) return null;
  if (status === 413) return new AppError(413, 'common.fileTooLarge');
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || status === 400) return new AppError(400, 'common.unreadable');
  // Another client error of the framework or a plugin: its own words, under a code of its own.
  return new AppError(status, 'common.requestRefused', { params: { detail: error.message } });
}

const answerOf = (error: AppError) => ({
  status: error.status,
  message: error.message,
  schema_errors: error.schemaErrors,
  code: error.code,
  ...(error.params && { params: error.params }),
});

/** Every 429 says when to come back (a minute when its thrower named no time). */
const headersOf = (error: AppError) =>
  error.status === 429 && !('retry-after' in error.headers) ? { ...error.headers, 'retry-after': '60' } : error.headers;

/** Every failure leaves as {status, message, schema_errors, code, params}; unknown ones are logged with the request id. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const userError = userErrorOf(error, request);
    if (userError) return reply.headers(headersOf(userError)).status(userError.status).send(answerOf(userError));
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ ...answerOf(new AppError(500, 'common.unknown')), request_id: request.id });
  });
}
