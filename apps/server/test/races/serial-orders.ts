import type { TradeActorRole, TradeStatus } from "@souk/contracts";
import { TRANSITIONS } from "../../src/modules/trades/index.ts";

/**
 * What racing commands on one trade may end in, read from the transition table (TRANSITIONS):
 * every interleaving of the racers' steps, applied one after another, gives the outcomes that
 * some serial order explains. A race test accepts exactly these, and expects the two orders where
 * one racer goes entirely first and then the other to both occur across its runs (a pair whose
 * winner the starting state decides is then not a race, and fails).
 */

export type TransitionRule = (typeof TRANSITIONS)[number];
export type TradeCommand = TransitionRule["command"];

/** When a step runs, for the guards: inside the payment window or after it. */
export type Clock = "in_window" | "after_window";

export interface Step {
  command: TradeCommand;
  role: TradeActorRole;
  clock: Clock;
}

/** A racer: steps one actor takes in order, stopping at the first refusal. */
export type Racer = readonly Step[];

export function step(command: TradeCommand, role: TradeActorRole, clock: Clock = "in_window"): Step {
  return { command, role, clock };
}

function guardHolds(guard: TransitionRule["guards"][number], status: TradeStatus, clock: Clock): boolean {
  switch (guard) {
    case "before_expiry":
      return clock === "in_window";
    case "after_expiry":
      return clock === "after_window";
    case "dispute_available":
      // The race trades are minutes old: a dispute is available once paid, not before.
      return status === "paid";
    case "requirements_met":
      // The race offers have no requirements.
      return true;
  }
}

/** The rule a step applies to a trade in `status`, or null when it is refused. */
export function ruleFor(status: TradeStatus, next: Step): TransitionRule | null {
  const rule = TRANSITIONS.find((candidate) => candidate.command === next.command && candidate.role === next.role);
  if (!rule || !(rule.from as readonly TradeStatus[]).includes(status)) return null;
  return rule.guards.every((guard) => guardHolds(guard, status, next.clock)) ? rule : null;
}

/** An outcome: the final status and, per racer, which steps took effect ("1") or not ("0"). */
export function signature(status: TradeStatus, took: readonly (readonly boolean[])[]): string {
  return `${status} | ${took.map((steps) => steps.map((ok) => (ok ? "1" : "0")).join("")).join(" / ")}`;
}

/** Every outcome some interleaving of the racers explains. */
export function serialOutcomes(start: TradeStatus, racers: readonly Racer[]): Set<string> {
  const outcomes = new Set<string>();
  const walk = (status: TradeStatus, positions: number[], took: boolean[][]) => {
    const waiting = racers.flatMap((racer, index) => ((positions[index] ?? 0) < racer.length ? [index] : []));
    if (waiting.length === 0) {
      outcomes.add(signature(status, took));
      return;
    }
    for (const index of waiting) {
      const racer = racers[index] ?? [];
      const at = positions[index] ?? 0;
      const rule = ruleFor(status, racer[at] as Step);
      const nextTook = took.map((steps) => [...steps]);
      const nextPositions = [...positions];
      if (rule) {
        nextTook[index]?.push(true);
        nextPositions[index] = at + 1;
      } else {
        // A refused step ends its racer: the rest of its steps are not tried.
        while ((nextTook[index]?.length ?? 0) < racer.length) nextTook[index]?.push(false);
        nextPositions[index] = racer.length;
      }
      walk(rule ? rule.to : status, nextPositions, nextTook);
    }
  };
  walk(
    start,
    racers.map(() => 0),
    racers.map(() => []),
  );
  return outcomes;
}

/** The outcome of running the racers one whole racer after another, in the given order. */
export function outcomeInOrder(start: TradeStatus, racers: readonly Racer[], order: readonly number[]): string {
  let status = start;
  const took: boolean[][] = racers.map(() => []);
  for (const index of order) {
    for (const next of racers[index] ?? []) {
      const rule = ruleFor(status, next);
      took[index]?.push(rule !== null);
      if (!rule) break;
      status = rule.to;
    }
    while ((took[index]?.length ?? 0) < (racers[index]?.length ?? 0)) took[index]?.push(false);
  }
  return signature(status, took);
}
