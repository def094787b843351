import { describe, expect, it } from 'vitest';
import { sidebarFor } from '../menu.ts';
import { DEFAULT_CHAT_MAX_FILE_MB } from '../chat/files.ts';
import { DEFAULT_PORTAL_CODE_DAYS } from '../portal/code.ts';
import { DEFAULT_IDLE_SECONDS, DEFAULT_JMBG_SYSTEM, allReportFlags, defaultReportFlags, effectiveGeneralOptions, generalOptionsFrom, reportFlagsFor } from './general-options.ts';

const EMPTY_LETTERHEAD = { labName: '', labAddress: '', reportHeader: '', reportFooter: '' };

describe('effectiveGeneralOptions', () => {
  it('gives complete defaults when nothing is stored', () => {
    expect(effectiveGeneralOptions(null, null)).toEqual({
      ...EMPTY_LETTERHEAD, defaultIdleTime: DEFAULT_IDLE_SECONDS, reportFlags: {}, hiddenMenu: {}, chatMaxFileMb: DEFAULT_CHAT_MAX_FILE_MB,
      fhirJmbgSystem: DEFAULT_JMBG_SYSTEM, portalCodeDays: DEFAULT_PORTAL_CODE_DAYS,
    });
  });

  it("takes the site's own non-blank fields over the lab-wide ones", () => {
    const lab = { labName: 'Laboratorija Demo', labAddress: 'Titova 1', reportFooter: 'Nalaz tumači ljekar.' };
    const site = { labAddress: 'Turalibegova 5', labName: '' };
    expect(effectiveGeneralOptions(lab, site)).toMatchObject({
      labName: 'Laboratorija Demo', labAddress: 'Turalibegova 5', reportHeader: '', reportFooter: 'Nalaz tumači ljekar.',
    });
  });

  it('keeps a JMBG identifier system that is a URI and refuses one that is not', () => {
    expect(generalOptionsFrom({ fhirJmbgSystem: 'urn:oid:2.16.70.1.1' }).fhirJmbgSystem).toBe('urn:oid:2.16.70.1.1');
    expect(generalOptionsFrom({ fhirJmbgSystem: 'jmbg' }).fhirJmbgSystem).toBe(DEFAULT_JMBG_SYSTEM);
  });

  it('ignores a malformed stored record rather than failing a report', () => {
    expect(effectiveGeneralOptions({ labName: 42 }, 'x').labName).toBe('');
  });

  it('keeps the good fields of a record with one malformed field', () => {
    expect(generalOptionsFrom({ labName: 'Lab', defaultIdleTime: 'soon', hiddenMenu: 7 })).toMatchObject({
      labName: 'Lab', defaultIdleTime: DEFAULT_IDLE_SECONDS, hiddenMenu: {},
    });
  });

  it('lets a site change only the letterhead, never the lab-wide role settings', () => {
    const options = effectiveGeneralOptions(
      { defaultIdleTime: 600, hiddenMenu: { technician: ['/pacijenti'] } },
      { defaultIdleTime: 60, hiddenMenu: { technician: [] }, reportHeader: 'Tuzla' },
    );
    expect(options).toMatchObject({ defaultIdleTime: 600, hiddenMenu: { technician: ['/pacijenti'] }, reportHeader: 'Tuzla' });
  });
});

describe('report flags', () => {
  it("defaults to each role's flags as sign-in always gave them", () => {
    expect(defaultReportFlags('viewer')).toEqual({
      fpodanu: false, ppodanu: false, ppomjestu: false, ppolokaciji: false, protokol: false, tatpopacijentu: false, worklists: false,
    });
    expect(Object.values(defaultReportFlags('admin')).every(Boolean)).toBe(true);
    expect(defaultReportFlags('technician')).toMatchObject({ protokol: true, worklists: true, fpodanu: false });
  });

  it("takes the lab's choice where it made one", () => {
    const options = generalOptionsFrom({ reportFlags: { technician: { fpodanu: true, worklists: false } } });
    expect(reportFlagsFor(options, 'technician')).toMatchObject({ fpodanu: true, worklists: false, protokol: true });
    expect(allReportFlags(options).viewer).toEqual(defaultReportFlags('viewer'));
  });
});

describe('menu hidden per role', () => {
  it('hides what the lab hid, and never shows what the permission forbids', () => {
    const technician = sidebarFor('technician', 0, '/prijem', {}, ['/pacijenti', '/postavke']);
    expect(technician.find((item) => item.path === '/pacijenti')?.visible).toBe(false);
    expect(technician.some((item) => item.path === '/postavke')).toBe(false);
    const viewer = sidebarFor('viewer', 1, '/prijem');
    expect(viewer.some((item) => item.path === '/barcode' || item.path === '/postavke')).toBe(false);
  });

  it('never hides the settings overview, and moves the default off a hidden entry', () => {
    const admin = sidebarFor('admin', 0, '/prijem', {}, ['/postavke', '/prijem']);
    expect(admin.find((item) => item.path === '/postavke')?.visible).toBe(true);
    expect(admin.find((item) => item.path === '/prijem')).toMatchObject({ visible: false, default: false });
    expect(admin.find((item) => item.default)?.path).toBe('/statistika');
  });
});
