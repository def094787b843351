/**
 * Route registry: every feature screen of the app, keyed by its path.
 *
 * Adding a screen takes one folder and one entry:
 *   1. src/features/prijem/PrijemScreen.tsx with `export function PrijemScreen() {...}`
 *      (read route parameters with `useParams()` from 'react-router').
 *   2. Here:
 *        { path: '/prijem', permission: 'patients.read',
 *          screen: () => import('../features/prijem/PrijemScreen.tsx').then((module) => module.PrijemScreen) },
 *      and for a route with a parameter: { path: '/samples/:patientId', ... }.
 *
 * A sidebar item of the login answer is shown only when its path has a route
 * here, so the menu never offers a screen that does not exist yet. Screens load
 * lazily (their code is fetched on first visit), render inside the shell with an
 * error boundary, and `permission` (from @lis/domain) sends a user who lacks it
 * to their default screen; the server refuses such calls anyway.
 * The sidebar entries themselves come from MENU in @lis/domain (server side).
 */
import type { ComponentType } from 'react';
import type { Permission } from '@lis/domain';

export interface ScreenRoute {
  /** A react-router path: '/prijem', '/samples/:patientId'. */
  path: string;
  permission?: Permission;
  /** Only below access level 1 (users who may edit): e.g. the evaluation screen. Others go to their default screen. */
  editorsOnly?: boolean;
  screen: () => Promise<ComponentType>;
}

export const SCREENS: readonly ScreenRoute[] = [
  { path: '/prijem', permission: 'patients.read', screen: () => import('../features/patients/IntakeScreen.tsx').then((module) => module.IntakeScreen) },
  {
    path: '/pacijenti', permission: 'patients.read',
    screen: () => import('../features/patients/PatientListScreen.tsx').then((module) => module.PatientListScreen),
  },
  { path: '/barcode', permission: 'samples.write', screen: () => import('../features/labels/ReceptionScreen.tsx').then((module) => module.ReceptionScreen) },
  {
    path: '/naljepnice', permission: 'samples.read',
    screen: () => import('../features/labels/ProcessingScreen.tsx').then((module) => module.ProcessingScreen),
  },
  {
    path: '/samples/:patientId', permission: 'samples.read',
    screen: () => import('../features/samples/SampleEntryScreen.tsx').then((module) => module.SampleEntryScreen),
  },
  {
    path: '/obrada/pregled', permission: 'samples.read',
    screen: () => import('../features/processing/ProcessingScreen.tsx').then((module) => module.ProcessingScreen),
  },
  {
    path: '/protokol', permission: 'samples.read',
    screen: () => import('../features/processing/ProtocolScreen.tsx').then((module) => module.ProtocolScreen),
  },
  {
    path: '/evaluation/:id', permission: 'samples.read', editorsOnly: true,
    screen: () => import('../features/evaluation/EvaluationScreen.tsx').then((module) => module.EvaluationScreen),
  },
  {
    path: '/nalazi/pregled', permission: 'reports.read',
    screen: () => import('../features/nalazi/ReportListScreen.tsx').then((module) => module.ReportListScreen),
  },
  {
    path: '/nalazi/pregled/:id', permission: 'reports.read',
    screen: () => import('../features/nalazi/ReportViewScreen.tsx').then((module) => module.ReportViewScreen),
  },
  {
    path: '/obrada/rezultati/:patient/:id', permission: 'samples.read',
    screen: () => import('../features/results/ResultEntryScreen.tsx').then((module) => module.ResultEntryScreen),
  },
  // Settings: the overview and its users, sites and general options (level-0 administrators only).
  {
    path: '/postavke/autoverifikacija', permission: 'results.verify',
    screen: () => import('../features/autoverification/AutoverificationScreen.tsx').then((module) => module.AutoverificationScreen),
  },
  {
    path: '/postavke/refleksni-testovi', permission: 'results.verify',
    screen: () => import('../features/reflex/ReflexRulesScreen.tsx').then((module) => module.ReflexRulesScreen),
  },
  { path: '/postavke', permission: 'settings.write', screen: () => import('../features/postavke/SettingsScreen.tsx').then((module) => module.SettingsScreen) },
  {
    path: '/postavke/korisnici', permission: 'users.manage',
    screen: () => import('../features/postavke/UsersScreen.tsx').then((module) => module.UsersScreen),
  },
  {
    path: '/postavke/klijenti', permission: 'users.manage',
    screen: () => import('../features/postavke/ClientsScreen.tsx').then((module) => module.ClientsScreen),
  },
  {
    path: '/postavke/sajtovi', permission: 'settings.write',
    screen: () => import('../features/postavke/SitesScreen.tsx').then((module) => module.SitesScreen),
  },
  {
    path: '/postavke/opcije', permission: 'settings.write',
    screen: () => import('../features/postavke/OptionsScreen.tsx').then((module) => module.OptionsScreen),
  },
  {
    path: '/postavke/analize', permission: 'settings.read',
    screen: () => import('../features/catalogue/AnalysesScreen.tsx').then((module) => module.AnalysesScreen),
  },
  { path: '/assays', permission: 'settings.read', screen: () => import('../features/catalogue/AssaysScreen.tsx').then((module) => module.AssaysScreen) },
  {
    path: '/postavke/sifarnici', permission: 'settings.read',
    screen: () => import('../features/catalogue/SettingRecordsScreen.tsx').then((module) => module.SettingRecordsScreen),
  },
  {
    path: '/obrada/predracun/:id', permission: 'samples.read',
    screen: () => import('../features/invoice/InvoiceScreen.tsx').then((module) => module.InvoiceScreen),
  },
  { path: '/reports', permission: 'reports.read', screen: () => import('../features/izvjestaji/ReportsScreen.tsx').then((module) => module.ReportsScreen) },
  { path: '/nalazi/outbox', permission: 'reports.read', screen: () => import('../features/outbox/OutboxScreen.tsx').then((module) => module.OutboxScreen) },
  {
    path: '/nalazi/outbox/:id', permission: 'reports.read',
    screen: () => import('../features/outbox/OutboxMessageScreen.tsx').then((module) => module.OutboxMessageScreen),
  },
  { path: '/nalazi/hl7', permission: 'reports.read', screen: () => import('../features/outbox/Hl7Screen.tsx').then((module) => module.Hl7Screen) },
  { path: '/narucioci', permission: 'reports.read', screen: () => import('../features/outbox/OrderersScreen.tsx').then((module) => module.OrderersScreen) },
  { path: '/import', permission: 'samples.write', screen: () => import('../features/import/ImportScreen.tsx').then((module) => module.ImportScreen) },
  { path: '/partneri', permission: 'samples.read', screen: () => import('../features/partners/PartnersScreen.tsx').then((module) => module.PartnersScreen) },
  { path: '/analysers', permission: 'settings.read', screen: () => import('../features/integration/AnalysersScreen.tsx').then((module) => module.AnalysersScreen) },
  {
    path: '/integracija/pregled', permission: 'settings.read',
    screen: () => import('../features/integration/OverviewScreen.tsx').then((module) => module.OverviewScreen),
  },
  {
    path: '/integracija/postavke', permission: 'settings.read',
    screen: () => import('../features/integration/SettingsScreen.tsx').then((module) => module.SettingsScreen),
  },
  { path: '/loger/pregled', permission: 'logger.read', screen: () => import('../features/logger/OverviewScreen.tsx').then((module) => module.OverviewScreen) },
  { path: '/loger/postavke', permission: 'settings.read', screen: () => import('../features/logger/SettingsScreen.tsx').then((module) => module.SettingsScreen) },
  {
    path: '/loger/statistika', permission: 'logger.read',
    screen: () => import('../features/logger/StatisticsScreen.tsx').then((module) => module.StatisticsScreen),
  },
  // Inventar: stock, goods in and out, supplier contracts, purchase orders, products, and the reference lists (administrators).
  { path: '/inventar/stanje', permission: 'inventory.read', screen: () => import('../features/inventory/StockScreen.tsx').then((module) => module.StockScreen) },
  { path: '/inventar/ulaz', permission: 'inventory.write', screen: () => import('../features/inventory/GoodsInScreen.tsx').then((module) => module.GoodsInScreen) },
  { path: '/inventar/izlaz', permission: 'inventory.write', screen: () => import('../features/inventory/GoodsOutScreen.tsx').then((module) => module.GoodsOutScreen) },
  {
    path: '/inventar/ugovori', permission: 'inventory.read',
    screen: () => import('../features/inventory/ContractsScreen.tsx').then((module) => module.ContractsScreen),
  },
  {
    path: '/inventar/narudzbe', permission: 'inventory.read',
    screen: () => import('../features/inventory/OrdersScreen.tsx').then((module) => module.OrdersScreen),
  },
  {
    path: '/inventar/produkti', permission: 'inventory.read',
    screen: () => import('../features/inventory/ProductsScreen.tsx').then((module) => module.ProductsScreen),
  },
  {
    path: '/inventar/postavke', permission: 'settings.write',
    screen: () => import('../features/inventory/SettingsScreen.tsx').then((module) => module.SettingsScreen),
  },
  // Mikrobiologija: the microbiology work list (cultures of the period with their stage), the group's own screen.
  {
    path: '/mikrobiologija', permission: 'samples.read',
    screen: () => import('../features/microbiology/WorkListScreen.tsx').then((module) => module.WorkListScreen),
  },
  // Microbiology: the culture of a sample's culture tests (reached from its result entry; not a sidebar entry).
  {
    path: '/mikrobiologija/kultura/:id', permission: 'samples.read',
    screen: () => import('../features/microbiology/CultureScreen.tsx').then((module) => module.CultureScreen),
  },
  // Mikrobiologija: the cumulative antibiogram of the site with its XLSX and WHONET exports.
  {
    path: '/mikrobiologija/kumulativni-antibiogram', permission: 'reports.read',
    screen: () => import('../features/microbiology/surveillance/CumulativeScreen.tsx').then((module) => module.CumulativeScreen),
  },
  // The lab's antibiogram panels: everyone who reads samples sees them, administrators edit (the Mikrobiologija group).
  {
    path: '/mikrobiologija/paneli', permission: 'samples.read',
    screen: () => import('../features/microbiology/PanelsScreen.tsx').then((module) => module.PanelsScreen),
  },
  {
    path: '/mikrobiologija/referentni-podaci', permission: 'samples.read',
    screen: () => import('../features/microbiology/ReferenceDataScreen.tsx').then((module) => module.ReferenceDataScreen),
  },
  // Kontrole: quality control (lots and targets, control entry, Levey-Jennings charts with the held tests).
  { path: '/kontrole/definicija', permission: 'qc.define', screen: () => import('../features/qc/DefinitionScreen.tsx').then((module) => module.DefinitionScreen) },
  { path: '/kontrole/unos', permission: 'qc.write', screen: () => import('../features/qc/EntryScreen.tsx').then((module) => module.EntryScreen) },
  {
    path: '/kontrole/obrada/pregled', permission: 'qc.read',
    screen: () => import('../features/qc/ProcessingScreen.tsx').then((module) => module.ProcessingScreen),
  },
  {
    path: '/kontrole/obrada/rezultati', permission: 'qc.read',
    screen: () => import('../features/qc/ProcessingScreen.tsx').then((module) => module.ProcessingScreen),
  },
  { path: '/kontrole/charts', permission: 'qc.read', screen: () => import('../features/qc/ChartsScreen.tsx').then((module) => module.ChartsScreen) },
  {
    path: '/statistika', permission: 'samples.read',
    screen: () => import('../features/statistics/StatisticsScreen.tsx').then((module) => module.StatisticsScreen),
  },
];
