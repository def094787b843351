import { describe, expect, it } from 'vitest';
import { resultAuditAction } from './audit-actions.ts';

describe('resultAuditAction', () => {
  it('names the first value, a replacement and a removal', () => {
    expect(resultAuditAction(null, '5,4')).toBe('result.enter');
    expect(resultAuditAction('5,4', '5,40')).toBe('result.change');
    expect(resultAuditAction('5,4', null)).toBe('result.clear');
  });
  it('records nothing when the result stays as it was', () => {
    expect(resultAuditAction('5,4', '5,4')).toBeNull();
    expect(resultAuditAction(null, null)).toBeNull();
  });
});
