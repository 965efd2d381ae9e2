import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { refusal } from '@limo/platform/testing';
import { IMAGE_MESSAGES } from '../../src/domain/image.js';
import { readUploadedImage } from '../../src/use-cases/image-upload.js';
import { readUpload, type UploadForm } from '../../src/use-cases/multipart-upload.js';

// An upload form's multipart body (images, insurance certificates): its one file, its text fields,
// and a 400 in the form's own words for whatever the client sent wrong.

const form: UploadForm = {
  field: 'image',
  tooLarge: 'Image must be 5MB or smaller',
  notAccepted: 'Please upload a JPEG, PNG or WebP image',
  oneAtATime: 'Please upload one image at a time',
};

type Part =
  | { type: 'file'; fieldname: string; bytes: Buffer }
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'error'; code?: string };

/** A request whose multipart parts are `parts`, as @fastify/multipart hands them over; records skipped files. */
function request(parts: Part[]): { req: FastifyRequest; skipped: string[] } {
  const skipped: string[] = [];
  async function* generate() {
    for (const part of parts) {
      if (part.type === 'error') throw Object.assign(new Error('multipart'), { code: part.code });
      if (part.type === 'file')
        yield {
          type: 'file',
          fieldname: part.fieldname,
          toBuffer: async () => part.bytes,
          file: { resume: () => void skipped.push(part.fieldname) },
        };
      else yield part;
    }
  }
  return { req: { parts: generate } as unknown as FastifyRequest, skipped };
}

const file = (fieldname: string, text: string): Part => ({ type: 'file', fieldname, bytes: Buffer.from(text) });

describe('reading an upload', () => {
  it("takes the form's first file and the non-empty text fields, trimmed; other files are skipped", async () => {
    const { req, skipped } = request([
      { type: 'field', fieldname: 'caption', value: '  Our stretch limo  ' },
      { type: 'field', fieldname: 'empty', value: '   ' },
      // A field sent as JSON (@fastify/multipart parses it): not a text field, skipped.
      { type: 'field', fieldname: 'meta', value: { order: 3 } },
      file('other', 'not ours'),
      file('image', 'first'),
      file('image', 'second'),
      { type: 'field', fieldname: 'order', value: '2' },
    ]);
    const upload = await readUpload(req, form);
    expect(upload.bytes.toString()).toBe('first');
    expect(upload.fields).toEqual({ caption: 'Our stretch limo', order: '2' });
    expect(skipped).toEqual(['other', 'image']);
  });

  it('refuses a body without the file, or with an empty one, in the words of the form', async () => {
    const refused = { status: 400, message: form.notAccepted };
    expect(await refusal(readUpload(request([{ type: 'field', fieldname: 'caption', value: 'x' }]).req, form))).toEqual(refused);
    expect(await refusal(readUpload(request([file('image', '')]).req, form))).toEqual(refused);
  });

  it('answers a file too large, a body that is not multipart, a second file and a broken body with a 400', async () => {
    const failing = (code?: string) => refusal(readUpload(request([file('image', 'x'), { type: 'error', code }]).req, form));
    expect(await failing('FST_REQ_FILE_TOO_LARGE')).toEqual({ status: 400, message: form.tooLarge });
    expect(await failing('FST_INVALID_MULTIPART_CONTENT_TYPE')).toEqual({ status: 400, message: form.notAccepted });
    expect(await failing('FST_FILES_LIMIT')).toEqual({ status: 400, message: form.oneAtATime });
    expect(await failing()).toEqual({ status: 400, message: 'The upload could not be read. Please try again.' });
  });
});

describe('the image upload form (owner-admin §5)', () => {
  it('reads the file of its `image` field, and words its refusals as the image form does', async () => {
    expect((await readUploadedImage(request([file('image', 'png bytes')]).req)).bytes.toString()).toBe('png bytes');
    expect(await refusal(readUploadedImage(request([file('certificate', 'pdf')]).req))).toEqual({
      status: 400,
      message: IMAGE_MESSAGES.notImage,
    });
    const failing = (code: string) => refusal(readUploadedImage(request([file('image', 'x'), { type: 'error', code }]).req));
    expect(await failing('FST_REQ_FILE_TOO_LARGE')).toEqual({ status: 400, message: IMAGE_MESSAGES.tooLarge });
    expect(await failing('FST_FILES_LIMIT')).toEqual({ status: 400, message: 'Please upload one image at a time' });
  });
});
