import { type CalendarDate, addDays, calendarDateOf, describeJmbg, jmbgControlDigit, startOfDay } from '@lis/domain';

/** What every part of the demo history needs: the seeded sites and users, and the moment it is seeded. */
export interface HistoryContext {
  now: Date;
  /** The demo sites by code (SA, TZ), with their time zone. */
  sites: ReadonlyMap<string, { id: string; timeZone: string }>;
  /** The demo users by e-mail. */
  users: ReadonlyMap<string, string>;
}

/** The site's calendar day `daysAgo` days before the seed's day. */
export function siteDay(context: HistoryContext, timeZone: string, daysAgo: number): CalendarDate {
  return addDays(calendarDateOf(context.now, timeZone), -daysAgo);
}

/** The instant at `minutes` after midnight of the site's day `daysAgo` days ago (the site's wall clock). */
export function siteTime(context: HistoryContext, timeZone: string, daysAgo: number, minutes: number): Date {
  return new Date(startOfDay(siteDay(context, timeZone, daysAgo), timeZone).getTime() + minutes * 60_000);
}

/**
 * A reproducible pseudo-random source (mulberry32), so every demo gets the same history shape and a test of it
 * is not at the mercy of chance: `next()` in [0, 1), `normal()` a standard normal draw (Box–Muller).
 */
export function demoRandom(seed: number): { next: () => number; normal: () => number; pick: <T>(items: readonly T[]) => T } {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, normal, pick };
}

export const DEMO_SITE = 'SA';
export const TECHNICIAN = 'tehnicar@demo.lab';
export const SPECIALIST = 'specijalista@demo.lab';

const FIRST_NAMES = {
  MUŠKI: ['EMIR', 'HARIS', 'TARIK', 'ADNAN', 'MIRZA', 'KENAN', 'JASMIN', 'DAMIR', 'NEDIM', 'SAMIR', 'ARMIN', 'EDIN'],
  ŽENSKI: ['AMRA', 'LEJLA', 'SELMA', 'AIDA', 'MAJA', 'AMINA', 'LANA', 'EMINA', 'DŽENANA', 'NEJRA', 'SANJA', 'IVANA'],
} as const;
/** Made-up surnames, as the demo patients have. */
const SURNAMES = ['KULTUROVIĆ', 'PODLOGIĆ', 'UZORKOVIĆ', 'NALAZOVIĆ', 'PETRIJEVIĆ', 'AGAROVIĆ', 'BRISIĆ', 'PROBIRAČ', 'EPRUVETIĆ', 'KOLONIĆ'];

export interface DemoPerson { jmbg: string; spol: 'MUŠKI' | 'ŽENSKI'; ime: string; prezime: string; birth: CalendarDate }

/**
 * Made-up people with a JMBG that carries their birth date and a right control digit. `region` (two digits)
 * keeps each part's people apart: a JMBG is unique in the register.
 */
export function demoPeople(random: ReturnType<typeof demoRandom>, count: number, region: string): DemoPerson[] {
  return Array.from({ length: count }, (_, index) => {
    const spol = index % 3 === 0 ? 'MUŠKI' as const : 'ŽENSKI' as const;
    const birth = { year: 1940 + Math.floor(random.next() * 65), month: 1 + Math.floor(random.next() * 12), day: 1 + Math.floor(random.next() * 28) };
    let jmbg = '';
    for (let serial = index; ; serial += 1000) {
      const number = (spol === 'MUŠKI' ? 0 : 500) + (serial % 500);
      const twelve = `${String(birth.day).padStart(2, '0')}${String(birth.month).padStart(2, '0')}${String(birth.year % 1000).padStart(3, '0')}${region}${String(number).padStart(3, '0')}`;
      const digit = jmbgControlDigit(twelve);
      jmbg = `${twelve}${digit}`;
      if (digit !== null && describeJmbg(jmbg)?.birthDate) break;
    }
    return { jmbg, spol, ime: random.pick(FIRST_NAMES[spol]), prezime: random.pick(SURNAMES), birth };
  });
}
