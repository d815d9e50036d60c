import { z } from 'zod';
import type { UserType } from './schemas';
import { notABoolean } from '../shared/messages';

// Stored permissions (spec 1 §6, spec 3 §3 "Permission" and §6), grouped view / manage / bid as the permissions
// panel shows them. A user's permissions are the defaults of the role with the changes an admin (or a manager
// provider, within the organisation) made on top; customers have none (spec 2 §2 "Auth state").

export const permissionGroups = ['view', 'manage', 'bid'] as const;
export type PermissionGroup = (typeof permissionGroups)[number];

type Definition = {
  group: PermissionGroup;
  description: string;
  /** Granted to every provider unless taken away; admins hold every permission unless taken away. */
  providerDefault: boolean;
  /** Only an admin may hand it out; a manager provider cannot grant it within the organisation. */
  adminOnly?: true;
};

export const permissionCatalogue = {
  view: { group: 'view', description: 'see the posts list and the administration areas', providerDefault: true },
  view_active_posts: { group: 'view', description: 'see the active posts on the dashboard', providerDefault: true },
  view_all_within_organisation: { group: 'view', description: "see the organisation's bids and deals with their owners", providerDefault: false },
  view_bid_templates_within_organisation: { group: 'view', description: "see the organisation's bid templates", providerDefault: false },
  view_permission: { group: 'view', description: "see other users' permissions", providerDefault: false, adminOnly: true },
  initiate_chat_with_customer: { group: 'manage', description: 'start a chat with the customer of an active post', providerDefault: true },
  update_organisation_bid_template: { group: 'manage', description: "change the organisation's bid templates", providerDefault: false },
  manage_permissions_for_fsps_within_org: {
    group: 'manage',
    description: "change the permissions of the organisation's providers",
    providerDefault: false,
  },
  update_permission: { group: 'manage', description: "change any user's permissions", providerDefault: false, adminOnly: true },
  cancel_active_bids: { group: 'manage', description: 'cancel own active bids', providerDefault: true },
  create_bid_template: { group: 'bid', description: 'create bid templates', providerDefault: true },
  delete_bid_template: { group: 'bid', description: 'delete bid templates', providerDefault: true },
  execute_automatic_bidding: { group: 'bid', description: 'let bid templates bid automatically', providerDefault: true },
  create_anonymous_bid: { group: 'bid', description: 'bid without showing the organisation', providerDefault: true },
  create_retention_bid: { group: 'bid', description: "bid to keep one's own customer", providerDefault: true },
} as const satisfies Record<string, Definition>;

export type PermissionKey = keyof typeof permissionCatalogue;
export const permissionKeys = Object.keys(permissionCatalogue) as PermissionKey[];
export type PermissionMap = Record<PermissionKey, boolean>;
export type PermissionChanges = Partial<PermissionMap>;

const definition = (key: PermissionKey): Definition => permissionCatalogue[key];

export function defaultPermissions(userType: UserType): PermissionMap {
  return { ...defaultsOf[userType] };
}

const defaultsFor = (userType: UserType) =>
  Object.fromEntries(permissionKeys.map((key) => [key, userType === 'admin' ? true : userType === 'fsp' ? definition(key).providerDefault : false])) as PermissionMap;
/** Made once: every bid asks for them (a fresh map each time cost 0.6% of the server's CPU a bid). */
const defaultsOf: Record<UserType, Readonly<PermissionMap>> = { admin: defaultsFor('admin'), fsp: defaultsFor('fsp'), customer: defaultsFor('customer') };

/** The role's defaults with the stored changes on top; a customer has none whatever is stored. */
export function effectivePermissions(userType: UserType, changes: PermissionChanges): PermissionMap {
  if (userType === 'customer') return defaultPermissions('customer');
  const permissions = defaultPermissions(userType);
  for (const key of permissionKeys) {
    const value = changes[key];
    if (typeof value === 'boolean') permissions[key] = value;
  }
  return permissions;
}

/** Whether a manager provider may hand out this permission within the organisation. */
export const managersMayChange = (key: PermissionKey): boolean => !definition(key).adminOnly;

/** spec 3 §6: the control's label is the key with underscores as spaces, capitalised. */
export const permissionLabel = (key: string): string => {
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const permissionChanges = z
  .partialRecord(z.enum(permissionKeys as [PermissionKey, ...PermissionKey[]], { error: 'Unknown permission' }), z.boolean({ error: notABoolean }))
  .refine((changes) => Object.keys(changes).length > 0, 'Choose at least one permission');

/** `PATCH /v2/users/{id}/permissions/{container uuid}`: the keys to change and their new values. */
export const permissionsPatchBody = z.strictObject({ permissions: permissionChanges });

const permissionEntry = z.object({ key: z.enum(permissionKeys as [PermissionKey, ...PermissionKey[]]), value: z.boolean(), description: z.string() });
export type PermissionEntry = z.infer<typeof permissionEntry>;

/** spec 3 §7: the permissions of a user as `{view, manage, bid}` plus the container's uuid. */
export const permissionsView = z.object({
  uuid: z.uuid(),
  user_uuid: z.uuid(),
  view: z.array(permissionEntry),
  manage: z.array(permissionEntry),
  bid: z.array(permissionEntry),
});
export type PermissionsView = z.infer<typeof permissionsView>;

export function toPermissionsView(containerUuid: string, userUuid: string, permissions: PermissionMap): PermissionsView {
  const entries = (group: PermissionGroup) =>
    permissionKeys
      .filter((key) => definition(key).group === group)
      .map((key) => ({ key, value: permissions[key], description: definition(key).description }));
  return { uuid: containerUuid, user_uuid: userUuid, view: entries('view'), manage: entries('manage'), bid: entries('bid') };
}

/** Reads a `PermissionsView` back into a map (the web session keeps its own permissions this way). */
export function permissionMapOf(view: PermissionsView): PermissionMap {
  return Object.fromEntries([...view.view, ...view.manage, ...view.bid].map((entry) => [entry.key, entry.value])) as PermissionMap;
}
