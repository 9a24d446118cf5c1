import { registerRequestSchema, USER_ROLES, type UserRole } from "@souk/contracts";
import type { CliCommand } from "../../platform/index.ts";
import { hashPassword } from "../../platform/index.ts";
import { createUser, findUserIdByUsername, grantRoles } from "./users.service.ts";

export const createUserCommand: CliCommand = {
  name: "create-user",
  usage: "create-user <username> <email> <password> [--role ROLE]...",
  description: "Create a user (roles: user, vendor, merchant, corporate, moderator, supermod, admin, demo).",
  async run(args, { db, print }) {
    const roles: UserRole[] = [];
    const positional: string[] = [];
    for (let i = 0; i < args.length; i += 1) {
      const arg = args[i] ?? "";
      if (arg === "--role") {
        const role = args[++i] ?? "";
        if (!(USER_ROLES as readonly string[]).includes(role)) {
          print(`unknown role: ${role}`);
          return 2;
        }
        roles.push(role as UserRole);
      } else positional.push(arg);
    }
    const parsed = registerRequestSchema.safeParse({
      username: positional[0],
      email: positional[1],
      password: positional[2],
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) print(`${issue.path.join(".")}: ${issue.message}`);
      return 2;
    }
    const user = await createUser(db, {
      ...parsed.data,
      passwordHash: await hashPassword(parsed.data.password),
      roles,
      emailVerified: true,
    });
    print(`created user ${user.username} (id ${user.id}) with roles ${["user", ...roles].join(", ")}`);
    return 0;
  },
};

export const grantRoleCommand: CliCommand = {
  name: "grant-role",
  usage: "grant-role <username> <role>",
  description: "Give an existing user a role.",
  async run([username = "", role = ""], { db, print }) {
    if (!(USER_ROLES as readonly string[]).includes(role)) {
      print(`unknown role: ${role}`);
      return 2;
    }
    const id = await findUserIdByUsername(db, username);
    if (id === null) {
      print(`no user ${username}`);
      return 1;
    }
    await grantRoles(db, id, [role as UserRole]);
    print(`${username} now has role ${role}`);
    return 0;
  },
};
