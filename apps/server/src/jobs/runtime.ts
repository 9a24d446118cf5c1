import PgBoss from "pg-boss";

/**
 * pg-boss keeps its queues in the same PostgreSQL, so jobs need nothing else installed. It runs
 * with the owner's connection because it manages its own schema.
 */
export async function startJobs(ownerUrl: string, onError: (error: Error) => void): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: ownerUrl, max: 5 });
  boss.on("error", onError);
  await boss.start();
  return boss;
}
