/**
 * LOINC codes of the demo catalogue's common assays, chosen for the unit each is reported in (moles per litre
 * where the lab reports mmol/L or µmol/L, serum or plasma, blood for the blood count). Assays not named here
 * have no code until the lab sets one in the assay settings.
 */
export const LOINC_CODES: Readonly<Record<string, string>> = {
  GLU: '14749-6', UREA: '22664-7', KREA: '14682-9', EGFR: '98979-8', UA: '14933-6',
  CHOL: '14647-2', HDL: '14646-4', TG: '14927-8', LDL: '39469-2',
  AST: '1920-8', ALT: '1742-6', GGT: '2324-2', ALP: '6768-6', 'BIL-T': '14631-6', 'BIL-D': '14629-0',
  TP: '2885-2', ALB: '1751-7', CRP: '1988-5',
  NA: '2951-2', K: '2823-3', CL: '2075-0', HCO3: '2028-9', CA: '2000-8', MG: '2601-3', P: '14879-1',
  FE: '14798-3', FER: '2276-4', TRF: '3034-6', HBA1C: '4548-4',
  CK: '2157-6', LDH: '2532-0', AMY: '1798-8', LIP: '3040-3',
  WBC: '6690-2', RBC: '789-8', HGB: '718-7', HCT: '4544-3', MCV: '787-2', MCH: '785-6', MCHC: '786-4', RDW: '788-0',
  PLT: '777-3', MPV: '32623-1',
  'NEU%': '770-8', 'LYM%': '736-9', 'MONO%': '5905-5', 'EOS%': '713-8', 'BASO%': '706-2',
  'NEU#': '751-8', 'LYM#': '731-0', 'MONO#': '742-7', 'EOS#': '711-2', 'BASO#': '704-7',
  SE: '4537-7', TSH: '3016-3', FT4: '14920-3', FT3: '14928-6',
  PSA: '2857-1', CEA: '2039-6', AFP: '1834-1', B12: '2132-9', VITD: '62292-8', INS: '20448-7', KORT: '2143-6',
  TNT: '67151-1', NTPROBNP: '33762-6', PCT: '33959-8', IGE: '19113-0',
  PT: '5902-2', INR: '6301-6', APTT: '3173-2', FIB: '3255-7', DDIM: '48065-7',
  'U-ALB': '14957-5', 'U-KREA': '14683-7',
};
