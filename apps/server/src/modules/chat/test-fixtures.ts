import type { LightMyRequestResponse } from 'fastify';
import type { ChatMessage } from '@lis/domain';
import type { SignedIn } from '../../test/harness.ts';
import type { Api } from '../samples/test-fixtures.ts';

/** The smallest valid PNG (1×1 pixel), as an image a user would attach. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64',
);
/** A minimal PDF header and body: what the server checks is that the bytes are a PDF. */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export function sendChat(client: Api, user: SignedIn, body: { tekst?: string; prilozi?: { naziv: string; bytes: Buffer }[] }, site?: string): Promise<LightMyRequestResponse> {
  return client.post(user, '/chat/poruke', {
    tekst: body.tekst ?? '',
    prilozi: (body.prilozi ?? []).map((file) => ({ naziv: file.naziv, sadrzaj: file.bytes.toString('base64') })),
  }, site);
}

export async function sentMessage(client: Api, user: SignedIn, body: Parameters<typeof sendChat>[2], site?: string): Promise<ChatMessage> {
  const response = await sendChat(client, user, body, site);
  if (response.statusCode !== 200) throw new Error(`chat message not sent: ${response.body}`);
  return response.json<{ poruka: ChatMessage }>().poruka;
}
