"""A CrewAI crew using Arsenal's tool catalog over MCP (stdio, dynamic mode).

pip install crewai "crewai-tools[mcp]"
pnpm install && pnpm build     # once, at the root of the Arsenal clone
OPENAI_API_KEY=... python3 examples/python/crewai_arsenal.py

It starts the CLI of this clone (packages/cli/dist/bin.js, or ARSENAL_CLI) with
examples/arsenal.yaml (or ARSENAL_CONFIG), whose memory server can do the task below.
"""

import os
from pathlib import Path

from crewai import Agent, Crew, Task
from crewai_tools import MCPServerAdapter
from mcp import StdioServerParameters

REPOSITORY = Path(__file__).resolve().parents[2]
CLI = os.environ.get("ARSENAL_CLI", str(REPOSITORY / "packages" / "cli" / "dist" / "bin.js"))
CONFIG = os.environ.get("ARSENAL_CONFIG", str(REPOSITORY / "examples" / "arsenal.yaml"))

ARSENAL = StdioServerParameters(
    command="node",
    args=[CLI, "serve", "--config", CONFIG, "--mode", "dynamic"],
    env={**os.environ},
)

with MCPServerAdapter(ARSENAL, connect_timeout=60) as tools:
    helper = Agent(
        role="Support assistant",
        goal="Do what the user asks with the tools of the catalog",
        backstory="Finds tools with find_relevant_tools and runs them with execute_tool.",
        tools=tools,
    )
    task = Task(
        description="Remember in the knowledge graph that the printer on floor 3 is out of toner, then say what the graph now holds about that printer.",
        expected_output="What the knowledge graph holds about the printer.",
        agent=helper,
    )
    print(Crew(agents=[helper], tasks=[task]).kickoff())
