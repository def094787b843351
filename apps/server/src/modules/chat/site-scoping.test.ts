import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatHistoryAnswer, ChatMessage, ChatUnreadAnswer } from '@lis/domain';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import type { Api } from '../samples/test-fixtures.ts';
import { chatRoutes } from './routes.ts';
import { PNG_BYTES, sentMessage } from './test-fixtures.ts';

// The chat is one conversation per site. With a session on SA (tehnicar@demo.lab has SA only; admin@demo.lab
// working on SA), a TZ message is never listed or counted, and naming it or its file answers 404 exactly like
// a missing one. A message sent on SA belongs to SA whatever the sender's other sites.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;
let tzMessage: ChatMessage;

beforeAll(async () => {
  ({ t, client, tech, admin, sarajevo, tuzla } = await openCrossSiteApp());
  tzMessage = await sentMessage(client, admin, { tekst: 'Tuzlanska poruka', prilozi: [{ naziv: 'tuzla.png', bytes: PNG_BYTES }] }, tuzla);
});
afterAll(async () => { await t.close(); });

const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/chat/poruke': async () => {
    for (const user of [tech, admin]) {
      const page = (await client.get(user, '/chat/poruke', sarajevo)).json<ChatHistoryAnswer>();
      expect(page.poruke.map((poruka) => poruka._id)).not.toContain(tzMessage._id);
      // Paging from another site's message is as unknown as the message.
      expect((await client.get(user, `/chat/poruke?prije=${tzMessage._id}`, sarajevo)).statusCode).toBe(404);
    }
    const atTuzla = (await client.get(admin, '/chat/poruke', tuzla)).json<ChatHistoryAnswer>();
    expect(atTuzla.poruke.map((poruka) => poruka._id)).toContain(tzMessage._id);
  },
  'POST /api/chat/poruke': async () => {
    const onSarajevo = await sentMessage(client, admin, { tekst: 'Za Sarajevo' }, sarajevo);
    const atTuzla = (await client.get(admin, '/chat/poruke', tuzla)).json<ChatHistoryAnswer>();
    expect(atTuzla.poruke.map((poruka) => poruka._id)).not.toContain(onSarajevo._id);
    // A site the user does not have: refused before anything is stored.
    const refused = await client.post(tech, '/chat/poruke', { tekst: 'Preko granice' }, tuzla);
    expect(refused.statusCode).toBe(403);
  },
  'GET /api/chat/prilozi/:id': async () => {
    for (const user of [tech, admin]) {
      const response = await client.get(user, `/chat/prilozi/${tzMessage.prilozi[0]!._id}`, sarajevo);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'notFound' });
    }
    expect((await client.get(admin, `/chat/prilozi/${tzMessage.prilozi[0]!._id}`, tuzla)).statusCode).toBe(200);
  },
  'GET /api/chat/neprocitano': async () => {
    const before = (await client.get(tech, '/chat/neprocitano', sarajevo)).json<ChatUnreadAnswer>().neprocitano;
    await sentMessage(client, admin, { tekst: 'Još jedna za Tuzlu' }, tuzla);
    expect((await client.get(tech, '/chat/neprocitano', sarajevo)).json<ChatUnreadAnswer>().neprocitano).toBe(before);
  },
  'POST /api/chat/procitano': async () => {
    expect((await client.post(tech, '/chat/procitano', { do: tzMessage._id }, sarajevo)).statusCode).toBe(404);
    expect((await client.post(admin, '/chat/procitano', { do: tzMessage._id }, sarajevo)).statusCode).toBe(404);
  },
};

describe('chat: site scoping', () => {
  it('has a case for every route', async () => {
    await expectEveryRouteCovered(chatRoutes, crossSiteCases);
  });
  it.each(Object.keys(crossSiteCases))('%s', async (route) => {
    await crossSiteCases[route as RouteKey]!();
  });
});
