import type { Permission } from './operator-permissions.js';

/** Operator controls (DESIGN D18): the texts the server answers and the console shows. */
export const OPERATOR_MSG = {
  permissionDenied: (permission: Permission) =>
    `You do not have permission to do this: it needs the "${permission}" permission, which none of your admin roles gives.`,
  notAnAdmin: 'Roles can only be granted to admin accounts.',
  unknownRole: 'Choose one of the roles: superadmin, finance, support or compliance.',
  lastSuperadmin: 'This is the last superadmin: grant the role to another admin before removing it here.',
  roleGranted: 'Role granted.',
  roleRevoked: 'Role removed.',
  roleUnchanged: 'Nothing changed: the admin already had exactly this.',
  maintenanceDefault:
    'SVP Invest is under maintenance. Your money is safe; you can look around, but changes are paused.',
  maintenanceOn: 'Maintenance mode is on: users can read but not change anything.',
  maintenanceOff: 'Maintenance mode is off.',
  maintenanceMessageRequired: 'Write the message users will see (up to 500 characters).',
  announcementQueued: (count: number) =>
    `The announcement is queued for ${count} user${count === 1 ? '' : 's'}: it goes out in batches.`,
  announcementTitleRequired: 'Write a title (up to 120 characters).',
  announcementBodyRequired: 'Write the announcement (up to 2,000 characters).',
  announcementNoRecipients: 'No user matches this audience: nothing was sent.',
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  periodInvalid: 'The end of the period must not be before its start.',
} as const;
