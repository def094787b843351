import { describe, expect, it } from 'vitest';
import {
  PROCESSING_STATUSES, SAMPLE_STATUSES, SAMPLE_STATUS_STYLE, UNCOMPLETED_STATUSES, WORKLIST_STATUSES, canTransition, sampleStatusLabelKey, isSampleCompleted, isSampleLocked, isSampleStatus, nextStatus,
} from './status.ts';

describe('sample status machine', () => {
  it('runs forward ZAPRIMLJEN -> U OBRADI -> REALIZOVAN -> ODOBREN -> VERIFICIRAN', () => {
    expect(nextStatus('ZAPRIMLJEN', 'receive')).toBe('U OBRADI');
    expect(nextStatus('U OBRADI', 'complete')).toBe('REALIZOVAN');
    expect(nextStatus('REALIZOVAN', 'approve')).toBe('ODOBREN');
    expect(nextStatus('ODOBREN', 'verify')).toBe('VERIFICIRAN');
  });

  it('undoes approval and verification one step back', () => {
    expect(nextStatus('ODOBREN', 'unapprove')).toBe('REALIZOVAN');
    expect(nextStatus('VERIFICIRAN', 'unverify')).toBe('ODOBREN');
    expect(nextStatus('REALIZOVAN', 'reopen')).toBe('U OBRADI');
  });

  it('refuses moves from the wrong status', () => {
    expect(nextStatus('U OBRADI', 'receive')).toBeNull();
    expect(nextStatus('ZAPRIMLJEN', 'verify')).toBeNull();
    expect(nextStatus('VERIFICIRAN', 'approve')).toBeNull();
    expect(nextStatus('ODOBREN', 'approve')).toBeNull();
    expect(nextStatus('REALIZOVAN', 'unverify')).toBeNull();
    expect(canTransition('VERIFICIRAN', 'unapprove')).toBe(false);
  });

  it('allows approval on every status before it (check is offered there)', () => {
    expect(canTransition('REALIZOVAN', 'approve')).toBe(true);
    for (const status of ['ZAPRIMLJEN', 'U OBRADI'] as const) expect(canTransition(status, 'approve')).toBe(false);
  });

  it('locks approved and verified samples; only verified ones are completed', () => {
    expect(SAMPLE_STATUSES.filter(isSampleLocked)).toEqual(['ODOBREN', 'VERIFICIRAN']);
    expect(SAMPLE_STATUSES.filter(isSampleCompleted)).toEqual(['VERIFICIRAN']);
    expect(UNCOMPLETED_STATUSES).toEqual(['ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN']);
  });

  it('draws each status in its spec colour', () => {
    expect(SAMPLE_STATUS_STYLE.ZAPRIMLJEN.color).toBe('danger');
    expect(SAMPLE_STATUS_STYLE['U OBRADI'].color).toBe('warning');
    expect(SAMPLE_STATUS_STYLE.REALIZOVAN.color).toBe('info');
    expect(SAMPLE_STATUS_STYLE.ODOBREN).toEqual({ color: 'primary', gold: false });
    expect(SAMPLE_STATUS_STYLE.VERIFICIRAN).toEqual({ color: 'primary', gold: true });
  });

  it('recognises status text', () => {
    expect(isSampleStatus('U OBRADI')).toBe(true);
    expect(isSampleStatus('u obradi')).toBe(false);
    expect(isSampleStatus(3)).toBe(false);
  });
});

describe('status sets of the lists', () => {
  it('RADNA LISTA (worklist) holds exactly the samples not yet approved', () => {
    expect(WORKLIST_STATUSES).toEqual(['ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN']);
  });

  it('uncompleted is everything but VERIFICIRAN', () => {
    expect(UNCOMPLETED_STATUSES).toEqual(['ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN']);
  });

  it('samples in processing are ZAPRIMLJEN and U OBRADI', () => {
    expect(PROCESSING_STATUSES).toEqual(['ZAPRIMLJEN', 'U OBRADI']);
  });

  it('labels every status with a catalogue key without spaces', () => {
    expect(SAMPLE_STATUSES.map(sampleStatusLabelKey)).toEqual([
      'status.ZAPRIMLJEN', 'status.U_OBRADI', 'status.REALIZOVAN', 'status.ODOBREN', 'status.VERIFICIRAN',
    ]);
  });
});
