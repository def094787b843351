import { message, type FailureAnswer } from '@lis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, users, userSites } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A user of this file alone, so changing the password touches no demo account.
  const [technician] = await t.database.db.select().from(users).where(eq(users.email, 'tehnicar@demo.lab'));
  const [created] = await t.database.db.insert(users).values({
    email: 'sifra@demo.lab', passwordHash: await hashPassword('Staro123'), role: 'technician', accessLevel: 0,
  }).returning();
  const siteRows = await t.database.db.select().from(userSites).where(eq(userSites.userId, technician!.id));
  await t.database.db.insert(userSites).values(siteRows.map((row) => ({ userId: created!.id, siteId: row.siteId })));
});
afterAll(async () => { await t.close(); });

const change = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/users/sifra', payload: { token, email: 'sifra@demo.lab', ...body } });

describe('POST /api/users/sifra', () => {
  it('answers each validation message of the spec', async () => {
    const user = await signIn(t.app, 'sifra@demo.lab', 'Staro123');
    const cases: [Record<string, string>, string][] = [
      [{ password: '', novaSifra: 'novo123', potvrdaSifra: 'novo123' }, 'Sva polja su obavezna.'],
      [{ password: 'Staro123', novaSifra: '   ', potvrdaSifra: 'novo123' }, 'Nova šifra mora imati najmanje 8 znakova.'],
      [{ password: 'Staro123', novaSifra: 'aaaaaa', potvrdaSifra: 'aaaaaa' }, 'Nova šifra mora imati najmanje 8 znakova.'],
      [{ password: 'Staro123', novaSifra: 'Password1', potvrdaSifra: 'Password1' }, 'Nova šifra je među često korištenim šiframa. Izaberite drugu.'],
      [{ password: 'Staro123', novaSifra: 'Staro123', potvrdaSifra: 'Staro123' }, 'Nova šifra mora biti različita od trenutne.'],
      [{ password: 'Staro123', novaSifra: 'novo1234', potvrdaSifra: 'novo12345' }, 'Nova šifra nije validirana.'],
    ];
    for (const [body, expected] of cases) {
      const response = await change(user.token, body);
      expect(response.statusCode).toBe(400);
      expect(response.json<FailureAnswer>().message).toBe(expected);
    }
  });

  it("answers the spec's words: 'Info' for a wrong current password, 'Ok' once changed, each with its code", async () => {
    const user = await signIn(t.app, 'sifra@demo.lab', 'Staro123');
    const wrong = await change(user.token, { password: 'netacno', novaSifra: 'novo1234', potvrdaSifra: 'novo1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, message: 'Info', code: 'password.wrongCurrent', field: 'password' });
    // What the screens show for it is the code's text, in each language.
    expect(message('password.wrongCurrent', 'bs')).toBe('Trenutna šifra nije ispravna.');
    const changed = await change(user.token, { password: 'Staro123', novaSifra: 'Novo4567', potvrdaSifra: 'Novo4567' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ success: true, message: 'Ok', code: 'password.changed' });
    const back = await change(user.token, { password: 'Novo4567', novaSifra: 'Staro123', potvrdaSifra: 'Staro123' });
    expect(back.json()).toMatchObject({ message: 'Ok' });
  });

  it('refuses changing another user password', async () => {
    const user = await signIn(t.app, 'sifra@demo.lab', 'Staro123');
    const response = await t.app.inject({
      method: 'POST', url: '/api/users/sifra',
      payload: { token: user.token, email: 'admin@demo.lab', password: 'Staro123', novaSifra: 'novo1234', potvrdaSifra: 'novo1234' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('changes the password, keeps this session, ends the others and writes an audit row', async () => {
    const other = await signIn(t.app, 'sifra@demo.lab', 'Staro123');
    const user = await signIn(t.app, 'sifra@demo.lab', 'Staro123');
    const response = await change(user.token, { password: 'Staro123', novaSifra: 'Novo4567', potvrdaSifra: 'Novo4567' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: 'Ok', code: 'password.changed' });

    const mine = await t.app.inject({ method: 'GET', url: `/api/postavke/sajtovi/list?token=${user.token}` });
    expect(mine.statusCode).toBe(200);
    const theirs = await t.app.inject({ method: 'GET', url: `/api/postavke/sajtovi/list?token=${other.token}` });
    expect(theirs.statusCode).toBe(401);

    const old = await t.app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'sifra@demo.lab', password: 'Staro123' } });
    expect(old.json<FailureAnswer>().message).toBe('Pogrešna šifra.');
    await signIn(t.app, 'sifra@demo.lab', 'Novo4567');

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, user.userId));
    expect(audit.some((row) => row.action === 'password.change')).toBe(true);
  });

  it('keeps a password exactly as typed: spaces at its ends are part of it, and it signs in as typed', async () => {
    const user = await signIn(t.app, 'sifra@demo.lab', 'Novo4567');
    const response = await change(user.token, { password: 'Novo4567', novaSifra: ' padded ', potvrdaSifra: ' padded ' });
    expect(response.statusCode, response.body).toBe(200);
    await signIn(t.app, 'sifra@demo.lab', ' padded ');
    const trimmed = await t.app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'sifra@demo.lab', password: 'padded' } });
    expect(trimmed.statusCode).toBe(401);
  });

  it('refuses the current password as the new one, with the field named', async () => {
    const user = await signIn(t.app, 'sifra@demo.lab', ' padded ');
    const response = await change(user.token, { password: ' padded ', novaSifra: ' padded ', potvrdaSifra: ' padded ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'password.unchanged', field: 'novaSifra' });
  });
});
