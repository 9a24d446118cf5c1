import { Group, Text } from "@mantine/core";
import classes from "./logo.module.css";

export interface LogoProps {
  size?: "sm" | "md";
}

/** The Souk mark and word. */
export function Logo({ size = "md" }: LogoProps) {
  const markSize = size === "sm" ? 26 : 30;
  return (
    <Group gap={8} wrap="nowrap" className={classes.logo}>
      <svg width={markSize} height={markSize} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="souk-logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#12b886" />
            <stop offset="1" stopColor="#0b7a5a" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="url(#souk-logo-gradient)" />
        <path
          d="M9 20.5c1.6 1.7 4 2.5 6.8 2.5 3.6 0 6.2-1.7 6.2-4.6 0-2.6-1.9-3.7-5.6-4.5l-1.7-.4c-2-.4-2.8-.9-2.8-1.9 0-1.1 1.1-1.9 3-1.9 1.8 0 3.3.6 4.5 1.7l1.9-2.2C19.6 7.8 17.6 7 15 7c-3.6 0-6 1.9-6 4.6 0 2.5 1.7 3.7 5.3 4.4l1.8.4c2.2.5 3 .9 3 2 0 1.2-1.3 2-3.3 2-2.1 0-3.8-.8-5.1-2.2L9 20.5z"
          fill="#fff"
        />
      </svg>
      <Text component="span" fw={750} fz={size === "sm" ? 18 : 21} className={classes.word}>
        Souk
      </Text>
    </Group>
  );
}
