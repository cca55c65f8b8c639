"""An AutoGen agent using Arsenal's tool catalog over MCP (stdio, dynamic mode).

pip install "autogen-agentchat>=0.6" "autogen-ext[openai,mcp]>=0.6"
OPENAI_API_KEY=... ARSENAL_CONFIG=/absolute/path/to/arsenal.yaml python3 autogen_arsenal.py
"""

import asyncio
import os

from autogen_agentchat.agents import AssistantAgent
from autogen_agentchat.ui import Console
from autogen_ext.models.openai import OpenAIChatCompletionClient
from autogen_ext.tools.mcp import McpWorkbench, StdioServerParams

ARSENAL = StdioServerParams(
    command="npx",
    args=["-y", "@arsenal/cli", "serve", "--config", os.environ["ARSENAL_CONFIG"], "--mode", "dynamic"],
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
        await Console(agent.run_stream(task="Open a support ticket titled 'Printer on fire'."))


if __name__ == "__main__":
    asyncio.run(main())
