import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_EVENT, CHAT_PAGE_SIZE, type ChatHistoryAnswer, type ChatUnreadAnswer } from '@lis/domain';
import { chatMessages } from '../../db/schema.ts';
import { signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { openCrossSiteApp } from '../../test/site-scoping.ts';
import { recordEvents, type RecordedEvent } from '../logger/test-fixtures.ts';
import type { Api } from '../samples/test-fixtures.ts';
import { PDF_BYTES, PNG_BYTES, sendChat, sentMessage } from './test-fixtures.ts';

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let viewer: SignedIn;
let specialist: SignedIn;
let sarajevo: string;
let tuzla: string;
let events: RecordedEvent[];

beforeAll(async () => {
  ({ t, client, tech, admin, sarajevo, tuzla } = await openCrossSiteApp());
  [viewer, specialist] = await Promise.all([signIn(t.app, 'pregled@demo.lab'), signIn(t.app, 'specijalista@demo.lab')]);
  events = recordEvents(t);
});
afterAll(async () => { await t.close(); });

describe('staff chat', () => {
  it('stores text as text: an HTML payload comes back exactly as typed, never as markup', async () => {
    const payload = '<img src=x onerror="alert(1)"><script>alert(2)</script>\n<b>drugi red</b> & "navodnici"';
    const sent = await sentMessage(client, tech, { tekst: `  ${payload}  ` });
    expect(sent.tekst).toBe(payload);
    expect(sent.autor).toMatchObject({ _id: tech.userId, ime: 'Tarik', prezime: 'Tehničar' });
    const page = (await client.get(specialist, '/chat/poruke', sarajevo)).json<ChatHistoryAnswer>();
    expect(page.poruke.at(-1)).toMatchObject({ _id: sent._id, tekst: payload });
  });

  it('does not send an empty text, sends a file alone, and serves the file to the site with its name and type', async () => {
    for (const tekst of ['', '   \n  ']) {
      const empty = await sendChat(client, tech, { tekst });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'chat.empty', field: 'tekst' });
    }
    const sent = await sentMessage(client, tech, { prilozi: [{ naziv: 'Slika epruvete.PNG', bytes: PNG_BYTES }, { naziv: 'uputnica.pdf', bytes: PDF_BYTES }] });
    expect(sent.tekst).toBe('');
    expect(sent.prilozi.map(({ naziv, tip, velicina }) => ({ naziv, tip, velicina }))).toEqual([
      { naziv: 'Slika epruvete.PNG', tip: 'image/png', velicina: PNG_BYTES.length },
      { naziv: 'uputnica.pdf', tip: 'application/pdf', velicina: PDF_BYTES.length },
    ]);
    const image = await client.get(specialist, `/chat/prilozi/${sent.prilozi[0]!._id}`, sarajevo);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBe(`attachment; filename="Slika epruvete.PNG"; filename*=UTF-8''Slika%20epruvete.PNG`);
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it("refuses a file whose extension or bytes are not an image or a PDF ('Format nije podržan.')", async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const file of [{ naziv: 'stranica.html', bytes: html }, { naziv: 'prerusena.png', bytes: html }, { naziv: 'slika.pdf', bytes: PNG_BYTES }, { naziv: 'bez', bytes: PNG_BYTES }]) {
      const refused = await sendChat(client, tech, { tekst: 'Prilog', prilozi: [file] });
      expect(refused.statusCode, file.naziv).toBe(415);
      expect(refused.json()).toMatchObject({ code: 'upload.unsupported', message: 'Format nije podržan.', field: 'prilozi.0' });
    }
  });

  it('refuses a file above the size the general options allow, naming the limit in human units', async () => {
    const options = (await client.get(admin, '/postavke/opcije')).json<{ options: Record<string, unknown>; label: Record<string, unknown> }>();
    const saved = await client.post(admin, '/postavke/opcije', { options: { ...options.options, chatMaxFileMb: 1 }, label: options.label });
    expect(saved.statusCode).toBe(200);
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(1024 * 1024)]);
    const refused = await sendChat(client, tech, { prilozi: [{ naziv: 'veliki.pdf', bytes: big }] });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'chat.fileTooLarge', message: 'Datoteka veliki.pdf je veća od dozvoljenih 1 MB.' });
    expect((await client.get(tech, '/chat/neprocitano')).json<ChatUnreadAnswer>().max_velicina).toBe(1024 * 1024);
    await client.post(admin, '/postavke/opcije', { options: options.options, label: options.label });
  });

  it('lets a viewer read but not write, with a clear refusal', async () => {
    expect((await client.get(viewer, '/chat/poruke')).statusCode).toBe(200);
    const refused = await sendChat(client, viewer, { tekst: 'Smijem li?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'chat.readOnly', message: 'Imate pravo samo čitanja: poruke u chatu ne možete slati.' });
    const page = (await client.get(viewer, '/chat/poruke')).json<ChatHistoryAnswer>();
    expect(page.poruke.map((poruka) => poruka.tekst)).not.toContain('Smijem li?');
  });

  it("delivers a new message to the site's room only, after it is stored", async () => {
    events.length = 0;
    const sent = await sentMessage(client, admin, { tekst: 'Samo za Tuzlu' }, tuzla);
    expect(events).toEqual([{ room: `site:${tuzla}`, event: CHAT_MESSAGE_EVENT, payload: { poruka: sent, site: tuzla } }]);
  });

  it('pages history backwards, oldest first within a page, and counts what each user has not read', async () => {
    const before = (await client.get(specialist, '/chat/neprocitano', sarajevo)).json<ChatUnreadAnswer>().neprocitano;
    const sent = [];
    for (let index = 0; index < CHAT_PAGE_SIZE + 5; index += 1) sent.push(await sentMessage(client, tech, { tekst: `Poruka ${index}` }));
    // The author has read their own messages; the others have not.
    expect((await client.get(tech, '/chat/neprocitano')).json<ChatUnreadAnswer>().neprocitano).toBe(0);
    expect((await client.get(specialist, '/chat/neprocitano', sarajevo)).json<ChatUnreadAnswer>().neprocitano).toBe(before + CHAT_PAGE_SIZE + 5);

    const newest = (await client.get(specialist, '/chat/poruke', sarajevo)).json<ChatHistoryAnswer>();
    expect(newest.poruke).toHaveLength(CHAT_PAGE_SIZE);
    expect(newest.poruke.at(-1)!.tekst).toBe(`Poruka ${CHAT_PAGE_SIZE + 4}`);
    expect(newest.poruke[0]!.tekst).toBe('Poruka 5');
    expect(newest.starije).toBe(true);
    const older = (await client.get(specialist, `/chat/poruke?prije=${newest.poruke[0]!._id}`, sarajevo)).json<ChatHistoryAnswer>();
    expect(older.poruke.slice(-5).map((poruka) => poruka.tekst)).toEqual(['Poruka 0', 'Poruka 1', 'Poruka 2', 'Poruka 3', 'Poruka 4']);

    const read = await client.post(specialist, '/chat/procitano', { do: sent[9]!._id }, sarajevo);
    expect(read.json()).toMatchObject({ success: true, neprocitano: CHAT_PAGE_SIZE + 5 - 10 });
    // Reading an older message later never moves the mark back.
    await client.post(specialist, '/chat/procitano', { do: sent[2]!._id }, sarajevo);
    expect((await client.get(specialist, '/chat/neprocitano', sarajevo)).json<ChatUnreadAnswer>().neprocitano).toBe(CHAT_PAGE_SIZE + 5 - 10);
    await client.post(specialist, '/chat/procitano', { do: sent.at(-1)!._id }, sarajevo);
    expect((await client.get(specialist, '/chat/neprocitano', sarajevo)).json<ChatUnreadAnswer>().neprocitano).toBe(0);
  });

  it('keeps messages as they were said: the database refuses to change or remove one', async () => {
    await expect(t.database.db.update(chatMessages).set({ tekst: 'izmijenjeno' })).rejects.toThrow();
    await expect(t.database.db.delete(chatMessages)).rejects.toThrow();
  });
});
