"""An AutoGen agent using Arsenal's tool catalog over MCP (stdio, dynamic mode).

pip install "autogen-agentchat>=0.6" "autogen-ext[openai,mcp]>=0.6"
pnpm install && pnpm build     # once, at the root of the Arsenal clone
OPENAI_API_KEY=... python3 examples/python/autogen_arsenal.py

It starts the CLI of this clone (packages/cli/dist/bin.js, or ARSENAL_CLI) with
examples/arsenal.yaml (or ARSENAL_CONFIG), whose memory server can do the task below.
"""

import asyncio
import os
from pathlib import Path

from autogen_agentchat.agents import AssistantAgent
from autogen_agentchat.ui import Console
from autogen_ext.models.openai import OpenAIChatCompletionClient
from autogen_ext.tools.mcp import McpWorkbench, StdioServerParams

REPOSITORY = Path(__file__).resolve().parents[2]
CLI = os.environ.get("ARSENAL_CLI", str(REPOSITORY / "packages" / "cli" / "dist" / "bin.js"))
CONFIG = os.environ.get("ARSENAL_CONFIG", str(REPOSITORY / "examples" / "arsenal.yaml"))

ARSENAL = StdioServerParams(
    command="node",
    args=[CLI, "serve", "--config", CONFIG, "--mode", "dynamic"],
    read_timeout_seconds=60,
)


async def main() -> None:
    async with McpWorkbench(server_params=ARSENAL) as arsenal:
        agent = AssistantAgent(
            "assistant",
            model_client=OpenAIChatCompletionClient(model="gpt-4.1-mini"),
            workbench=arsenal,
            system_message="Find tools with find_relevant_tools, then run them with execute_tool.",
            max_tool_iterations=6,
            reflect_on_tool_use=True,
        )
        await Console(agent.run_stream(task="Remember in the knowledge graph that the printer on floor 3 is out of toner, then say what the graph now holds about that printer."))


if __name__ == "__main__":
    asyncio.run(main())
