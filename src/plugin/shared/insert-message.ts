/**
 * What an insert says once done, in the plugin's status line or as Quick Actions' closing toast:
 * "Inserted House at 24 px", and where several selected frames each got one, how many.
 */
export function insertedMessage(name: string, size: number, placed: number): string {
  return placed > 1 ? `Inserted ${name} at ${size} px in each of ${placed} selected frames` : `Inserted ${name} at ${size} px`
}
