// The schedule proposals half of SqlStore. The proposal itself is one JSON column (it is read
// whole and never queried by its parts); its state moves from `pending` once, by compare-and-set,
// and Confirm creates the schedule in the same transaction, so two clicks save one schedule.
import type { NewSchedule } from './schedule-types.js';
import type { NewScheduleProposal, ScheduleProposalRecord, ScheduleProposalState } from './schedule-proposal.js';
import type { ScheduleProposalStore } from './schedule-proposal-store.js';
import { insertSchedule } from './sql-schedule-statements.js';
import type { StoreDatabase, StoreRow } from './store-database.js';
import { optionalDateFromColumn } from './store-rows.js';

const COLUMNS = 'proposal_id, proposal, state, schedule_id, decided_by, decided_at';

type StoredProposal = Omit<NewScheduleProposal, 'createdAt' | 'expiresAt'> & { createdAt: string; expiresAt: string };

function proposalFromRow(row: StoreRow): ScheduleProposalRecord {
  const stored = JSON.parse(String(row.proposal)) as StoredProposal;
  return {
    ...stored,
    createdAt: new Date(stored.createdAt),
    expiresAt: new Date(stored.expiresAt),
    state: String(row.state) as ScheduleProposalState,
    scheduleId: row.schedule_id === null || row.schedule_id === undefined ? null : String(row.schedule_id),
    decidedBy: row.decided_by === null || row.decided_by === undefined ? null : String(row.decided_by),
    decidedAt: optionalDateFromColumn(row.decided_at),
  };
}

export class SqlScheduleProposals implements ScheduleProposalStore {
  constructor(private readonly database: StoreDatabase) {}

  async saveScheduleProposal(proposal: NewScheduleProposal): Promise<void> {
    await this.database.execute(
      `INSERT INTO schedule_proposals (proposal_id, owner_user_id, proposal, state, created_at, expires_at) VALUES ($1, $2, $3, 'pending', $4, $5)`,
      [proposal.proposalId, proposal.owner.userId, JSON.stringify(proposal), proposal.createdAt.getTime(), proposal.expiresAt.getTime()],
    );
  }

  async getScheduleProposal(proposalId: string): Promise<ScheduleProposalRecord | undefined> {
    const rows = await this.database.query(`SELECT ${COLUMNS} FROM schedule_proposals WHERE proposal_id = $1`, [proposalId]);
    return rows[0] ? proposalFromRow(rows[0]) : undefined;
  }

  async confirmScheduleProposal(proposalId: string, schedule: NewSchedule, decidedBy: string, now: Date): Promise<boolean> {
    return this.database.transaction(async (runner) => {
      const moved = await runner.execute(
        `UPDATE schedule_proposals SET state = 'confirmed', schedule_id = $2, decided_by = $3, decided_at = $4 WHERE proposal_id = $1 AND state = 'pending'`,
        [proposalId, schedule.scheduleId, decidedBy, now.getTime()],
      );
      if (moved !== 1) return false;
      await insertSchedule(runner, schedule);
      return true;
    });
  }

  async cancelScheduleProposal(proposalId: string, decidedBy: string, now: Date): Promise<boolean> {
    const moved = await this.database.execute(
      `UPDATE schedule_proposals SET state = 'cancelled', decided_by = $2, decided_at = $3 WHERE proposal_id = $1 AND state = 'pending'`,
      [proposalId, decidedBy, now.getTime()],
    );
    return moved === 1;
  }
}

