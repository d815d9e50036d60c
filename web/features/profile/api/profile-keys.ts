// Query keys of the profile screens. A user's answers sit under the profile's key, so refreshing a profile refreshes
// them; the admin's user screens keep their own keys.
export const profileKeys = {
  all: ['profile'] as const,
  user: (uuid: string) => ['profile', uuid] as const,
  answers: (uuid: string) => ['profile', uuid, 'fsp_questions'] as const,
};

/** The current user and permissions (web/lib/session.ts): cleared after the own details or password change. */
export const sessionKey = ['session'] as const;
