import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES } from '@splashboard/contract';
import { AppError, type SchemaErrors } from './errors.ts';

function fieldName(instancePath: string, fallback: string) {
  const name = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return name || fallback;
}

/** Every failure leaves as {status, message, schema_errors}; unknown ones are logged with the request id. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return reply.status(error.status).send({ status: error.status, message: error.message, schema_errors: error.schemaErrors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const schemaErrors: SchemaErrors = {};
      for (const v of error.validation) {
        const key = fieldName(v.instancePath, v.params?.issue ? 'body' : 'request');
        (schemaErrors[key] ??= []).push(v.message ?? MESSAGES.validation);
      }
      return reply.status(422).send({ status: 422, message: MESSAGES.validation, schema_errors: schemaErrors });
    }
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message =
        error.statusCode === 413
          ? MESSAGES.fileTooLarge
          : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.statusCode === 400
            ? 'The request could not be read'
            : error.message;
      return reply.status(error.statusCode).send({ status: error.statusCode, message, schema_errors: {} });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ status: 500, message: MESSAGES.unknown, schema_errors: {}, request_id: request.id });
  });
}
