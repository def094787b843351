import { describe, expect, it } from 'vitest';
import { hl7Ack } from './interpret.ts';
import { buildOruR01, readHl7Ack, type OruInput } from './oru.ts';

const INPUT: OruInput = {
  controlId: 'LIS000123',
  sentAt: new Date('2026-11-28T10:15:30Z'),
  sending: { application: 'LIS', facility: 'Laboratorija Demo' },
  receiving: { application: 'HIS', facility: 'KCUS' },
  patient: { id: '0101985175005', idSystem: 'JMBG', family: 'ČOLIĆ-ŠEHOVIĆ', given: 'ĐURĐA', birthDate: '1985-01-01', sex: 'F' },
  order: {
    placerNumber: 'NAL-42', fillerNumber: '2611280007', collectedAt: new Date('2026-11-28T07:30:00Z'),
    reportedAt: new Date('2026-11-28T10:15:00Z'), status: 'F',
  },
  results: [
    {
      valueType: 'NM', code: { loinc: '14749-6', sifra: 'GLU', naziv: 'Glukoza' }, value: '7.2', units: { text: 'mmol/L', ucum: 'mmol/L' },
      referenceRange: '3.9-6.1', abnormalFlag: 'H', status: 'F', observedAt: new Date('2026-11-28T09:00:00Z'),
    },
    {
      valueType: 'CWE', code: { loinc: null, sifra: 'HIV', naziv: 'HIV 1/2 Ag|At' }, value: 'Negativan', units: { text: '', ucum: null },
      referenceRange: 'Negativan', abnormalFlag: '', status: 'C', observedAt: null,
    },
  ],
};

describe('ORU^R01', () => {
  it('writes MSH, PID, ORC, OBR and one OBX per result, escaping the delimiters in text', () => {
    expect(buildOruR01(INPUT).split('\r')).toEqual([
      'MSH|^~\\&|LIS|Laboratorija Demo|HIS|KCUS|20261128101530||ORU^R01^ORU_R01|LIS000123|P|2.5.1',
      'PID|1||0101985175005^^^JMBG||ČOLIĆ-ŠEHOVIĆ^ĐURĐA||19850101|F',
      'ORC|RE|NAL-42|2611280007||CM',
      'OBR|1|NAL-42|2611280007|11502-2^Laboratory report^LN|||20261128073000|||||||||||||||20261128101500||LAB|F',
      'OBX|1|NM|14749-6^Glukoza^LN^GLU^Glukoza^L||7.2|mmol/L^mmol/L^UCUM|3.9-6.1|H|||F|||20261128090000',
      'OBX|2|CWE|HIV^HIV 1/2 Ag\\F\\At^L||^Negativan||Negativan||||C|||',
      '',
    ]);
  });

  it('reads the receiver\'s acknowledgement: AA, or AE/AR with the reason from MSA-3 or ERR', () => {
    const message = buildOruR01(INPUT);
    expect(readHl7Ack(hl7Ack(message, 'AA'))).toEqual({ code: 'AA', controlId: 'LIS000123', text: '' });
    expect(readHl7Ack(hl7Ack(message, 'AE', 'Unknown patient'))).toEqual({ code: 'AE', controlId: 'LIS000123', text: 'Unknown patient' });
    expect(readHl7Ack('MSH|^~\\&|HIS||LIS||20261128||ACK^R01|9|P|2.5.1\rMSA|AR|LIS000123\rERR|||207^Application internal error^HL70357|E||||Database down\r'))
      .toEqual({ code: 'AR', controlId: 'LIS000123', text: 'Database down' });
    expect(readHl7Ack('MSH|^~\\&|HIS||LIS||20261128||ACK|9|P|2.5.1\r')).toBeNull();
    expect(readHl7Ack('MSH|^~\\&|HIS||LIS||20261128||ACK|9|P|2.5.1\rMSA|XX|1\r')).toBeNull();
  });
});
