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
    path: '/obrada/rezultati/:patient/:id', permission: 'samples.read',
    screen: () => import('../features/results/ResultEntryScreen.tsx').then((module) => module.ResultEntryScreen),
  },
];
