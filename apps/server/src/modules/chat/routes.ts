import type { FastifyInstance } from 'fastify';
import { CHAT_MESSAGE_EVENT, CHAT_SEND_BODY_LIMIT, chatContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['chat'];
const SITE = 'The conversation of the call\'s site (`x-site` or `site`): another site\'s message or file answers `404` exactly like a missing one.';

/** RFC 5987 form of a file name for Content-Disposition, so any name (accents, quotes) arrives as it was sent. */
function dispositionName(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function chatRoutes(app: FastifyInstance, { db, realtime }: AppOptions): Promise<void> {

  registerCall(app, chatContracts.history, {
    tags: TAGS,
    summary: "The site's staff chat, a page of history",
    description: `${SITE} \`200 { success: true, poruke: [{ _id, tekst, autor: { _id, ime, prezime }, created_at, prilozi: [{ _id, naziv, tip, `
      + 'velicina }] }], starije }`: the newest page (oldest first); `prije=<_id>` the page before that message. `tekst` is plain text as typed.',
  }, async (request) => ({ success: true as const, ...(await service.history(db, request.ctx, request.query.prije)) }));

  registerCall(app, chatContracts.send, {
    tags: TAGS,
    summary: 'Send a chat message to the site',
    description: `${SITE} Body \`{ tekst, prilozi: [{ naziv, sadrzaj (base64) }] }\`: text, files (up to 4 PNG, JPEG, GIF, WebP or PDF), or `
      + 'both; an empty text without files is `400 chat.empty`. A file whose extension or bytes are not an allowed type: `415` '
      + "'Format nije podržan.' naming `prilozi.<i>`; larger than the general options allow: `413 chat.fileTooLarge`. Read-only users "
      + `(viewers, access level above 0): \`403 chat.readOnly\`. \`200 { success: true, poruka }\`; the message also goes as the socket event \`${CHAT_MESSAGE_EVENT}\` `
      + '`{ poruka, site }` to everyone signed in on that site, and to no other site.',
    config: { refusal: 'chat.readOnly' },
    bodyLimit: CHAT_SEND_BODY_LIMIT,
  }, async (request) => ({
    success: true as const, poruka: await service.send(db, realtime, request.ctx, request.body.tekst, request.body.prilozi),
  }));

  registerCall(app, chatContracts.file, {
    tags: TAGS,
    summary: 'A file of a chat message',
    description: `${SITE} The bytes as sent, with the media type they proved (an image or \`application/pdf\`), as an attachment under `
      + 'the original name, with a sandboxing Content-Security-Policy: nothing in it can run in the page.',
  }, async (request, reply) => {
    const found = await service.file(db, request.ctx, request.params.id);
    return reply.type(found.tip)
      .header('content-disposition', `attachment; ${dispositionName(found.naziv)}`)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(found.sadrzaj);
  });

  registerCall(app, chatContracts.unread, {
    tags: TAGS,
    summary: 'Unread chat messages',
    description: `${SITE} \`200 { success: true, neprocitano, max_velicina }\`: messages of others after what the caller has read at this `
      + 'site, and the largest file (bytes) the lab allows.',
  }, async (request) => ({ success: true as const, ...(await service.unread(db, request.ctx)) }));

  registerCall(app, chatContracts.markRead, {
    tags: TAGS,
    summary: 'Mark the chat read',
    description: `${SITE} Body \`{ do: <_id> }\`: the caller has read the site's conversation up to that message (never moves back). `
      + '`200 { success: true, neprocitano }`.',
  }, async (request) => ({ success: true as const, neprocitano: await service.markRead(db, request.ctx, request.body.do) }));
  return Promise.resolve();
}
