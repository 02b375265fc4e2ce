import { DomainError, ErrorCode } from '../errors.js';

/** `artifacts.provided_filename` holds this many characters (hawkBit's limit too). */
const MAX_FILENAME_LENGTH = 256;

/** Path separators, control characters and lone UTF-16 surrogates. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[/\\\u0000-\u001f\u007f-\u009f\p{Cs}]/u;

/**
 * An artifact's file name is one path segment of the device's download URL
 * (`…/softwaremodules/{id}/artifacts/{fileName}`) and the name it saves the file under: `.` and `..`
 * would be resolved away by every URL parser on the way, so no device could fetch them; a separator or
 * a control character is no file name (decision 35).
 * @throws DomainError bodyNotReadable for such a name; constraintViolation beyond 256 characters
 */
export function assertArtifactFilename(filename: string): void {
  if (filename === '' || filename === '.' || filename === '..' || FORBIDDEN.test(filename)) {
    throw new DomainError(ErrorCode.bodyNotReadable, `Invalid artifact file name ${JSON.stringify(filename)}`);
  }
  // Counted in code points, as the column's limit is; SQLite would not enforce it at all.
  if ([...filename].length > MAX_FILENAME_LENGTH) {
    throw new DomainError(ErrorCode.constraintViolation, `The file name is longer than ${MAX_FILENAME_LENGTH} characters`, { filename });
  }
}
