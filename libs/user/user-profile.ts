/**
 * Velt's User model fields (data-models, User) beyond userId, name, email and accessRole: profile
 * data kept in `app_user.properties` and returned by users/get. organizationId is not among them:
 * it is the organization the user is listed in.
 */
export const USER_PROFILE_FIELDS = [
  'photoUrl',
  'plan',
  'color',
  'textColor',
  'type',
  'isReadOnly',
  'isAnonymous',
  'isGuest',
  'isAdmin',
  'groupId',
  'clientGroupId',
  'initial',
] as const;
