/** Sidebar icons by the `icon` name of a sidebar item (Tabler icon names); an unknown name gets a neutral dot. */
import {
  IconAdjustments, IconAlertTriangle, IconArrowsExchange, IconBarcode, IconBox, IconChartBar, IconChartPie, IconCircle, IconClipboardList,
  IconDeviceDesktopAnalytics, IconDeviceDesktopCog, IconFileSpreadsheet, IconFileText, IconFlask, IconHeartHandshake, IconMail,
  IconMailForward, IconMicroscope, IconPlug, IconReport, IconSettings, IconTags, IconTestPipe, IconRobot, IconArrowFork, IconThermometer,
  IconUserPlus, IconUsers, IconVirus, type Icon,
} from '@tabler/icons-react';
import { IconFileCertificate, IconListDetails, IconPackageExport, IconPackageImport, IconPackages, IconTruck } from '@tabler/icons-react';

const ICONS: Record<string, Icon> = {
  'adjustments': IconAdjustments,
  'alert-triangle': IconAlertTriangle,
  'arrows-exchange': IconArrowsExchange,
  'barcode': IconBarcode,
  'box': IconBox,
  'chart-bar': IconChartBar,
  'chart-pie': IconChartPie,
  'clipboard-list': IconClipboardList,
  'device-desktop-analytics': IconDeviceDesktopAnalytics,
  'device-desktop-cog': IconDeviceDesktopCog,
  'file-spreadsheet': IconFileSpreadsheet,
  'file-text': IconFileText,
  'flask': IconFlask,
  'heart-handshake': IconHeartHandshake,
  'mail': IconMail,
  'mail-forward': IconMailForward,
  'microscope': IconMicroscope,
  'plug': IconPlug,
  'report': IconReport,
  'settings': IconSettings,
  'tags': IconTags,
  'test-pipe': IconTestPipe,
  robot: IconRobot,
  'arrow-fork': IconArrowFork,
  'thermometer': IconThermometer,
  'user-plus': IconUserPlus,
  'users': IconUsers,
  'virus': IconVirus,
  'list-details': IconListDetails,
  'package-export': IconPackageExport,
  'package-import': IconPackageImport,
  'packages': IconPackages,
  'file-certificate': IconFileCertificate,
  'truck': IconTruck,
};

export function menuIcon(name: string): Icon {
  return ICONS[name] ?? IconCircle;
}
