// Log-in does not exist yet (the identity issue). Until it does, the UI acts as an admin, which the API allows only
// in development mode (docs/api.md); the header shows a "Development mode" badge so nobody mistakes it for a session.

export type UserType = 'customer' | 'fsp' | 'admin';

export type Session = Readonly<{
  userType: UserType;
  displayName: string;
  developmentMode: boolean;
}>;

export const developmentSession: Session = Object.freeze({
  userType: 'admin',
  displayName: 'Admin',
  developmentMode: true,
});

export function useSession(): Session {
  return developmentSession;
}
