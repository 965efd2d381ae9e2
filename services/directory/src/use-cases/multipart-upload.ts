import type { FastifyRequest } from 'fastify';
import { badRequest } from '@limo/platform';

/** An upload form: the field of its one file and how it words what it refuses. */
export interface UploadForm {
  field: string;
  tooLarge: string;
  /** Also the answer to a missing or empty file. */
  notAccepted: string;
  oneAtATime: string;
}

/** What a multipart upload carried: the form's file and the text fields. */
export interface Upload {
  bytes: Buffer;
  fields: Record<string, string>;
}

/** Multipart errors (thrown while reading the client's parts) as the form words them. */
function uploadError(err: unknown, form: UploadForm): Error {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return badRequest(form.tooLarge, form.field);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest(form.notAccepted, form.field);
  if (code === 'FST_FILES_LIMIT') return badRequest(form.oneAtATime, form.field);
  // Anything else reading the parts is the client's body being broken (busboy: no or wrong boundary,
  // truncated form, malformed part header, a boundary over its limit): a 400, never a 500.
  return badRequest('The upload could not be read. Please try again.', form.field);
}

/** Reads the multipart body: the form's file (400 when missing or empty) and the trimmed text fields. */
export async function readUpload(request: FastifyRequest, form: UploadForm): Promise<Upload> {
  let bytes: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === form.field && !bytes) bytes = await part.toBuffer();
        else part.file.resume();
      } else if (typeof part.value === 'string' && part.value.trim()) {
        fields[part.fieldname] = part.value.trim();
      }
    }
  } catch (err) {
    throw uploadError(err, form);
  }
  if (!bytes || bytes.length === 0) throw badRequest(form.notAccepted, form.field);
  return { bytes, fields };
}
