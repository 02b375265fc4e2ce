/**
 * What `GET /rest/v1/userinfo` says the operator may do: hawkBit's permission names (`SpPermission`), for
 * hawkBit UIs that show or hide their controls by them (decision 92). The one operator account may do
 * everything the API offers, so every name that applies is listed — the fine-grained names of hawkBit 1.x
 * and master's auto-assignment names (decision 205), and the coarse `…_REPOSITORY` names and
 * artifact-download names older UIs check. Left out: writing the tenant configuration (read-only here,
 * 403), reading the gateway token (never shown), and SYSTEM_ADMIN (no tenants to administer).
 */
const CRUD = ['CREATE', 'READ', 'UPDATE', 'DELETE'] as const;
const crud = (group: string) => CRUD.map((access) => `${access}_${group}`);

export const OPERATOR_PERMISSIONS: readonly string[] = [
  ...crud('TARGET'),
  'READ_TARGET_SECURITY_TOKEN',
  ...crud('TARGET_TYPE'),
  ...crud('SOFTWARE_MODULE'),
  'READ_SOFTWARE_MODULE_ARTIFACT',
  'SM_DOWNLOAD_ARTIFACT',
  ...crud('SOFTWARE_MODULE_TYPE'),
  ...crud('DISTRIBUTION_SET'),
  ...crud('DISTRIBUTION_SET_TYPE'),
  ...crud('ROLLOUT'),
  'APPROVE_ROLLOUT',
  'HANDLE_ROLLOUT',
  ...crud('AUTO_ASSIGNMENT'),
  'APPROVE_AUTO_ASSIGNMENT',
  'HANDLE_AUTO_ASSIGNMENT',
  'READ_TENANT_CONFIGURATION',
  ...crud('REPOSITORY'),
  'DOWNLOAD_REPOSITORY_ARTIFACT',
];
