"""A CrewAI crew using Arsenal's tool catalog over MCP (stdio, dynamic mode).

pip install crewai "crewai-tools[mcp]"
OPENAI_API_KEY=... ARSENAL_CONFIG=/absolute/path/to/arsenal.yaml python3 crewai_arsenal.py
"""

import os

from crewai import Agent, Crew, Task
from crewai_tools import MCPServerAdapter
from mcp import StdioServerParameters

ARSENAL = StdioServerParameters(
    command="npx",
    args=["-y", "@arsenal/cli", "serve", "--config", os.environ["ARSENAL_CONFIG"], "--mode", "dynamic"],
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
        description="Open a support ticket titled 'Printer on fire'.",
        expected_output="The ticket that was opened.",
        agent=helper,
    )
    print(Crew(agents=[helper], tasks=[task]).kickoff())
