/**
 * The patient's sex (the stored values MUŠKI / ŽENSKI) in the user's language,
 * shared by the patient forms and the sample screen's patient summary.
 */
import { useTranslation } from 'react-i18next';

/** MUŠKI / ŽENSKI in the user's language; any other stored text is shown as it is. */
export function useSpolLabel(): (spol: string) => string {
  const { t } = useTranslation();
  return (spol) => (spol === 'MUŠKI' ? t('patients.spolMale') : spol === 'ŽENSKI' ? t('patients.spolFemale') : spol);
}
