import { API_CLIENT_SCOPES, PAXFUL_GROUPS } from "@souk/contracts";
import type { CliCommand } from "../../platform/index.ts";
import { findUserIdByUsername } from "../users/index.ts";
import { createApiClient } from "./api-clients.service.ts";

/** `--scopes` takes scopes or group names (`trade` means every paxful:trade:* scope), comma- or space-separated. */
function expandScopes(words: readonly string[]): { scopes: string[]; unknown: string[] } {
  const scopes = new Set<string>();
  const unknown: string[] = [];
  for (const word of words.flatMap((item) => item.split(",")).filter(Boolean)) {
    if (word === "all") for (const scope of API_CLIENT_SCOPES) scopes.add(scope);
    else if (API_CLIENT_SCOPES.includes(word)) scopes.add(word);
    else if (PAXFUL_GROUPS.includes(word)) {
      for (const scope of API_CLIENT_SCOPES) if (scope.startsWith(`paxful:${word}:`)) scopes.add(scope);
    } else unknown.push(word);
  }
  return { scopes: [...scopes], unknown };
}

export const createApiClientCommand: CliCommand = {
  name: "api-client:create",
  usage: "api-client:create <username> [--name NAME] [--scopes SCOPE,...]",
  description:
    "Create an API client for a user and print client_id= and client_secret= (the secret is shown only now). " +
    "Scopes: all (default), group names such as trade, or scopes such as paxful:offer:all.",
  async run(args, { db, print }) {
    let name = "CLI client";
    const scopeWords: string[] = [];
    const positional: string[] = [];
    for (let i = 0; i < args.length; i += 1) {
      const arg = args[i] ?? "";
      if (arg === "--name") name = args[++i] ?? "";
      else if (arg.startsWith("--name=")) name = arg.slice("--name=".length);
      else if (arg === "--scopes") {
        while (i + 1 < args.length && !(args[i + 1] ?? "").startsWith("--")) scopeWords.push(args[++i] ?? "");
      } else if (arg.startsWith("--scopes=")) scopeWords.push(arg.slice("--scopes=".length));
      else positional.push(arg);
    }
    const username = positional[0];
    if (!username || positional.length > 1 || !name.trim()) {
      print(`usage: ${createApiClientCommand.usage}`);
      return 2;
    }
    const { scopes, unknown } = expandScopes(scopeWords);
    if (unknown.length > 0) {
      print(`unknown scopes: ${unknown.join(", ")}`);
      return 2;
    }
    const userId = await findUserIdByUsername(db, username);
    if (userId === null) {
      print(`no user ${username}`);
      return 1;
    }
    const created = await createApiClient(db, userId, {
      name,
      ...(scopeWords.length > 0 ? { scopes } : {}),
    });
    print(`client_id=${created.client.clientId}`);
    print(`client_secret=${created.clientSecret}`);
    return 0;
  },
};
