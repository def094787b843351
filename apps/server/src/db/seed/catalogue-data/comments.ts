/** Predefined report comments offered in the comment dialog ('Izaberite željeni komentar'). */
export const PREDEFINED_COMMENTS: readonly string[] = [
  'Uzorak hemolitičan.',
  'Uzorak lipemičan.',
  'Uzorak ikteričan.',
  'Uzorak zgrušan, potrebno ponoviti vađenje krvi.',
  'Nedovoljna količina uzorka.',
  'Pacijent nije bio natašte.',
  'Rezultat provjeren ponovljenim mjerenjem.',
  'Kritična vrijednost javljena ljekaru telefonom.',
  'Trombociti u agregatima, stvarni broj trombocita je vjerovatno viši.',
  'Preporučuje se kontrola za 7 dana.',
  'Preporučuje se konsultacija sa ordinirajućim ljekarom.',
];
