import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@splashboard/contract';
import { AppError, fieldError } from './errors.ts';
import { detectImage, type Storage } from './storage.ts';

export interface Upload {
  body: Buffer;
  truncated: boolean;
  filename?: string;
}

/** Reads the one uploaded file; the size limit is the multipart plugin's. */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart())
    throw new AppError(415, 'common.multipartRequired', { schemaErrors: { file: [MESSAGES.required] } });
  const part = await request.file();
  if (!part) throw fieldError('file', 'common.required');
  try {
    return { body: await part.toBuffer(), truncated: part.file.truncated, filename: part.filename };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'common.fileTooLarge', { field: 'file' });
    throw err;
  }
}

/** Stores an image for a splash page, after checking it by its own bytes (never its name or declared type). */
export async function storeImage(storage: Storage, folder: string, file: Upload) {
  if (file.truncated) throw new AppError(413, 'common.fileTooLarge', { field: 'file' });
  const ext = detectImage(file.body);
  if (!ext) throw fieldError('file', 'common.imageOnly');
  return storage.put(folder, ext, file.body);
}

/** The message of an image link that points at another account's upload (ours are public by link). */
export const FOREIGN_UPLOAD = 'Upload the image for this site';

/**
 * The image fields of an input that point at an upload of another account: an image may be one of the
 * account's own uploads or an outside address, never another account's file.
 */
export function foreignUploads<K extends string>(input: Partial<Record<K, string>>, keys: readonly K[], accountId: number) {
  const errors: Record<string, string[]> = {};
  for (const key of keys) {
    const link = input[key];
    if (link?.startsWith('/uploads/') && !link.startsWith(`/uploads/accounts/${accountId}/`)) errors[key] = [FOREIGN_UPLOAD];
  }
  return errors;
}
