import "@mantine/core/styles.layer.css";
import "@mantine/notifications/styles.layer.css";
import "./app/global.css";
import { startApp } from "./app/bootstrap.tsx";

const container = document.getElementById("root");
if (container) void startApp(container);
