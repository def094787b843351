import { describe, expect, it } from 'vitest';
// The password rule's common-password list is its own entry point; these schemas are checked with it, as the server does.
import '../common-passwords.ts';
import { optionsSaveRequest } from './options-contracts.ts';
import { siteElementSchema } from './sites.ts';
import { userElementSchema } from './users.ts';

const SITE_ID = '0b9e7c1a-6f43-4a8e-9a53-0f3f9b1e2d11';
const newUser = {
  email: ' Nova.Korisnica@Lab.ba ', ime: 'Nova', prezime: 'Korisnica', role: 'technician', level: 0, sites: [SITE_ID], password: 'pocetna1',
};

function firstProblem(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? { field: issue.path.join('.'), message: issue.message } : null;
}

describe('userElementSchema', () => {
  it('takes a new user with the defaults filled in and the e-mail lower-cased', () => {
    expect(userElementSchema.parse(newUser)).toMatchObject({
      email: 'nova.korisnica@lab.ba', language: 'bs', defaultRoute: '', expiresAt: null, password: 'pocetna1',
    });
  });

  it.each([
    [{ email: 'nije-adresa' }, 'email', 'settings.emailInvalid'],
    [{ ime: '  ' }, 'ime', 'form.required'],
    [{ role: 'boss' }, 'role', 'settings.roleInvalid'],
    [{ level: -1 }, 'level', 'form.invalid'],
    [{ sites: [] }, 'sites', 'settings.sitesRequired'],
    [{ sites: ['SA'] }, 'sites.0', 'settings.siteUnknown'],
    [{ idleTime: 10 }, 'idleTime', 'settings.idleTimeInvalid'],
    [{ defaultRoute: '/nema' }, 'defaultRoute', 'settings.defaultRouteInvalid'],
    [{ password: '123' }, 'password', 'password.tooShort'],
    [{ password: 'password1' }, 'password', 'password.common'],
    [{ password: undefined }, 'password', 'form.required'],
  ])('refuses %j naming %s', (change, field, message) => {
    expect(firstProblem(userElementSchema.safeParse({ ...newUser, ...change }))).toEqual({ field, message });
  });

  it('needs no password to update an existing user', () => {
    expect(userElementSchema.safeParse({ ...newUser, _id: SITE_ID, password: undefined }).success).toBe(true);
  });
});

describe('siteElementSchema', () => {
  const site = { sifra: 'mo', naziv: 'Mostar', name: 'Mostar', timeZone: 'Europe/Sarajevo' };
  it('upper-cases the code', () => {
    expect(siteElementSchema.parse(site)).toMatchObject({ sifra: 'MO', adresa: '', reportHeader: '' });
  });
  it.each([
    [{ sifra: 'SA RA' }, 'sifra', 'settings.sifraInvalid'],
    [{ naziv: '' }, 'naziv', 'form.required'],
    [{ timeZone: 'Europe/Atlantis' }, 'timeZone', 'settings.timeZoneInvalid'],
  ])('refuses %j naming %s', (change, field, message) => {
    expect(firstProblem(siteElementSchema.safeParse({ ...site, ...change }))).toEqual({ field, message });
  });
});

describe('optionsSaveRequest', () => {
  it('refuses hiding the settings overview or a path that is no menu entry', () => {
    const body = { options: { hiddenMenu: { admin: ['/prijem', '/postavke'] } }, label: {} };
    expect(firstProblem(optionsSaveRequest.safeParse(body))).toEqual({ field: 'options.hiddenMenu.admin.1', message: 'settings.menuPathUnknown' });
  });
  it('refuses a label size off the stock', () => {
    expect(firstProblem(optionsSaveRequest.safeParse({ options: {}, label: { width: 5 } }))?.field).toBe('label.width');
  });
});
