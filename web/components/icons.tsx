import type { ReactNode, SVGProps } from 'react';

// A few line icons drawn in the 24×24 stroke style Mantine's examples use; not worth an icon package yet.

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number | string };

function defineIcon(name: string, shapes: ReactNode) {
  function Icon({ size = 18, strokeWidth = 1.8, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {shapes}
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}

export const IconUser = defineIcon('IconUser', (
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2" />
  </>
));

export const IconDashboard = defineIcon('IconDashboard', (
  <>
    <rect x="4" y="4" width="6" height="8" rx="1" />
    <rect x="14" y="4" width="6" height="5" rx="1" />
    <rect x="4" y="16" width="6" height="4" rx="1" />
    <rect x="14" y="13" width="6" height="7" rx="1" />
  </>
));

export const IconUsers = defineIcon('IconUsers', (
  <>
    <circle cx="9" cy="7" r="4" />
    <path d="M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2" />
    <path d="M16 3.13a4 4 0 0 1 0 7.75" />
    <path d="M21 21v-2a4 4 0 0 0-3-3.85" />
  </>
));

export const IconTrophy = defineIcon('IconTrophy', (
  <>
    <path d="M8 21h8" />
    <path d="M12 17v4" />
    <path d="M7 4h10v5a5 5 0 0 1-10 0z" />
    <path d="M17 5h3v2a3 3 0 0 1-3 3" />
    <path d="M7 5H4v2a3 3 0 0 0 3 3" />
  </>
));

export const IconReceipt = defineIcon('IconReceipt', (
  <>
    <path d="M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16l-3-2-2 2-2-2-2 2-2-2z" />
    <path d="M9 7h6" />
    <path d="M9 11h6" />
    <path d="M9 15h4" />
  </>
));

export const IconBriefcase = defineIcon('IconBriefcase', (
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />
    <path d="M3 13h18" />
  </>
));

export const IconBuilding = defineIcon('IconBuilding', (
  <>
    <path d="M3 21h18" />
    <path d="M5 21V8l7-5 7 5v13" />
    <path d="M9 10h.01M15 10h.01M9 14h.01M15 14h.01" />
    <path d="M10 21v-3h4v3" />
  </>
));

export const IconSpeakerphone = defineIcon('IconSpeakerphone', (
  <>
    <path d="M18 8a3 3 0 0 1 0 6" />
    <path d="M10 8v11a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1v-5" />
    <path d="M12 8l4.5-3.8A.9.9 0 0 1 18 4.9v12.2a.9.9 0 0 1-1.5.7L12 14H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
  </>
));

export const IconTarget = defineIcon('IconTarget', (
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1" />
  </>
));

export const IconBulb = defineIcon('IconBulb', (
  <>
    <path d="M9 18h6" />
    <path d="M10 21h4" />
    <path d="M12 3a6 6 0 0 0-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0 0 12 3z" />
  </>
));

export const IconSettings = defineIcon('IconSettings', (
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1" />
  </>
));

export const IconEye = defineIcon('IconEye', (
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>
));

export const IconPencil = defineIcon('IconPencil', (
  <>
    <path d="M4 20h4L18.5 9.5a2.83 2.83 0 0 0-4-4L4 16z" />
    <path d="M13.5 6.5l4 4" />
  </>
));

export const IconTrash = defineIcon('IconTrash', (
  <>
    <path d="M4 7h16" />
    <path d="M10 11v6M14 11v6" />
    <path d="M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12" />
    <path d="M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3" />
  </>
));

export const IconPlus = defineIcon('IconPlus', <path d="M12 5v14M5 12h14" />);

export const IconSearch = defineIcon('IconSearch', (
  <>
    <circle cx="10" cy="10" r="7" />
    <path d="M21 21l-6-6" />
  </>
));

export const IconPhoto = defineIcon('IconPhoto', (
  <>
    <rect x="3" y="3" width="18" height="18" rx="3" />
    <circle cx="8.5" cy="8.5" r="1.5" />
    <path d="M21 15l-5-5L5 21" />
  </>
));

export const IconChevronUp = defineIcon('IconChevronUp', <path d="M6 15l6-6 6 6" />);
export const IconChevronDown = defineIcon('IconChevronDown', <path d="M6 9l6 6 6-6" />);
export const IconSelector = defineIcon('IconSelector', <path d="M8 9l4-4 4 4M16 15l-4 4-4-4" />);

export const IconAlertCircle = defineIcon('IconAlertCircle', (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v4" />
    <path d="M12 16h.01" />
  </>
));

export const IconTool = defineIcon('IconTool', (
  <path d="M7 10h3V7L6.5 3.5a6 6 0 0 1 8 8l6 6a2.12 2.12 0 0 1-3 3l-6-6a6 6 0 0 1-8-8z" />
));

export const IconArrowLeft = defineIcon('IconArrowLeft', <path d="M5 12h14M5 12l6 6M5 12l6-6" />);
