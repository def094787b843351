import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { sessionStore } from '../lib/session-store.ts';
import { sessionFixture } from '../test/fixtures.ts';
import { notify } from '../components/notify.tsx';
import { sampleContracts } from '@lis/domain';
import { ApiError, call } from './client.ts';
import { isDatabaseUnreachable, onDatabaseRecovered, resetDatabaseOutage } from './database-outage.ts';

const UNREACHABLE = { success: false, message: 'Greška prilikom konekcije na DB.', code: 'db.connection' };
const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function calledUrls(): string[] {
  return fetchMock.mock.calls.map(([input]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url));
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sessionStore.start(sessionFixture());
});
afterEach(() => {
  resetDatabaseOutage();
  sessionStore.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the database outage notice', () => {
  it('starts at a 503 db.connection, asks /api/health/ready with back-off, and ends when it answers 200', async () => {
    fetchMock.mockResolvedValueOnce(answer(503, UNREACHABLE));
    await expect(call(sampleContracts.list)).rejects.toBeInstanceOf(ApiError);
    expect(isDatabaseUnreachable()).toBe(true);
    const recovered = vi.fn();
    const stop = onDatabaseRecovered(recovered);

    fetchMock.mockResolvedValue(answer(503, UNREACHABLE));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calledUrls().filter((url) => url === '/api/health/ready')).toHaveLength(1);
    // The second check waits twice as long as the first.
    await vi.advanceTimersByTimeAsync(1_500);
    expect(calledUrls().filter((url) => url === '/api/health/ready')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(calledUrls().filter((url) => url === '/api/health/ready')).toHaveLength(2);
    expect(isDatabaseUnreachable()).toBe(true);

    fetchMock.mockResolvedValue(answer(200, { status: 'ok' }));
    await vi.advanceTimersByTimeAsync(4_000);
    expect(isDatabaseUnreachable()).toBe(false);
    expect(recovered).toHaveBeenCalledOnce();
    stop();
  });

  it('other failures start no notice', async () => {
    fetchMock.mockResolvedValueOnce(answer(503, { success: false, message: 'x', code: 'server.error' }));
    await expect(call(sampleContracts.list)).rejects.toBeInstanceOf(ApiError);
    fetchMock.mockResolvedValueOnce(answer(500, { success: false, message: 'Greška na serveru.', code: 'server.error' }));
    await expect(call(sampleContracts.save, { body: { testovi: [] } })).rejects.toBeInstanceOf(ApiError);
    expect(isDatabaseUnreachable()).toBe(false);
  });

  it('keeps the per-call toast of db.connection quiet while the notice shows, other toasts not', async () => {
    const show = vi.spyOn(notifications, 'show');
    fetchMock.mockResolvedValueOnce(answer(503, UNREACHABLE));
    const error = await call(sampleContracts.list).catch((caught: unknown) => caught);
    notify.apiError(error);
    expect(show).not.toHaveBeenCalled();
    notify.success('Sačuvano.');
    expect(show).toHaveBeenCalledOnce();
    resetDatabaseOutage();
    notify.apiError(error);
    expect(show).toHaveBeenCalledTimes(2);
    show.mockRestore();
  });
});
