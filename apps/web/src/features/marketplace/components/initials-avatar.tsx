/** Colours an avatar may take; one per username, always the same. */
const palette = ["#12ad70", "#3b82f6", "#8b5cf6", "#f59e0b", "#ef4444", "#0ea5e9", "#ec4899", "#14b8a6"];

function colorOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return palette[hash % palette.length] ?? "#12ad70";
}

/** A user's picture, or their initials on a colour of their own. Decorative: the name is beside it. */
export function InitialsAvatar({ name, src, size = 40 }: { name: string; src: string | null; size?: number }) {
  const style = { width: size, height: size, borderRadius: "50%", flex: "none" } as const;
  if (src) return <img src={src} alt="" style={{ ...style, objectFit: "cover" }} />;
  return (
    <span
      aria-hidden="true"
      style={{
        ...style,
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        background: colorOf(name),
        color: "#fff",
        fontWeight: 700,
        fontSize: size * 0.38,
        letterSpacing: "0.02em",
      }}
    >
      {name.slice(0, 2).toUpperCase()}
    </span>
  );
}
