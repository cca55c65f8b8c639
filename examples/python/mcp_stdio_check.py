#!/usr/bin/env python3
"""Drive `arsenal serve` over stdio the way Python MCP clients do, with the standard library only.

AutoGen's McpWorkbench (autogen-ext) and CrewAI's MCPServerAdapter (crewai-tools) both run the
`mcp` Python SDK's ClientSession over stdio: newline-delimited JSON-RPC 2.0 on the child's stdin
and stdout. This script sends the same sequence -- initialize (with the client capabilities those
sessions declare), notifications/initialized, tools/list, tools/call -- and checks the answers.

Usage: python3 mcp_stdio_check.py -- <command that starts arsenal serve over stdio>
Prints one JSON line per check and exits 0 when every check passed, 1 otherwise.
"""

import json
import queue
import subprocess
import sys
import threading

PROTOCOL_VERSION = "2025-06-18"
TIMEOUT_S = 120

# The mcp SDK's ClientSession declares these when the framework gives it the matching callbacks
# (sampling, elicitation, roots); with none it sends an empty object. Both are checked.
CLIENT_PROFILES = {
    "autogen-mcp-workbench": {
        "capabilities": {"sampling": {}, "elicitation": {}, "roots": {"listChanged": True}},
        "clientInfo": {"name": "autogen-ext", "version": "0.7.5"},
    },
    "crewai-mcp-adapter": {
        "capabilities": {},
        "clientInfo": {"name": "mcp", "version": "0.1.0"},
    },
}


class Session:
    def __init__(self, command):
        self.proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        self.stderr = []
        self.next_id = 0
        self.elicitations = []
        threading.Thread(target=self._read, args=(self.proc.stdout, self.lines), daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()

    @staticmethod
    def _read(stream, lines):
        for line in stream:
            lines.put(line)
        lines.put(None)

    def _drain(self):
        for line in self.proc.stderr:
            self.stderr.append(line)

    def send(self, message):
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()

    def notify(self, method, params=None):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def request(self, method, params):
        self.next_id += 1
        request_id = self.next_id
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        while True:
            line = self.lines.get(timeout=TIMEOUT_S)
            if line is None:
                raise RuntimeError("the server closed stdout; stderr:\n" + "".join(self.stderr[-20:]))
            message = json.loads(line)
            if message.get("id") == request_id and "method" not in message:
                return message
            if "method" in message and "id" in message:
                # A server request: answer like the SDK does with a user who says yes.
                if message["method"] == "elicitation/create":
                    self.elicitations.append(message["params"])
                    schema = message["params"].get("requestedSchema", {})
                    content = {
                        name: True
                        for name, prop in schema.get("properties", {}).items()
                        if prop.get("type") == "boolean"
                    }
                    result = {"action": "accept", "content": content}
                elif message["method"] == "roots/list":
                    result = {"roots": []}
                else:
                    result = {}
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": result})

    def close(self):
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def text_of(result):
    return "\n".join(part.get("text", "") for part in result.get("content", []) if part.get("type") == "text")


def run_profile(name, profile, command):
    checks = []

    def check(what, ok, detail=""):
        checks.append({"profile": name, "check": what, "ok": bool(ok), "detail": detail})

    session = Session(command)
    try:
        init = session.request(
            "initialize",
            {"protocolVersion": PROTOCOL_VERSION, **profile},
        )
        result = init.get("result", {})
        check("initialize answers a protocol version", result.get("protocolVersion"), result.get("protocolVersion", ""))
        check("initialize declares tools", "tools" in result.get("capabilities", {}))
        session.notify("notifications/initialized")

        listed = session.request("tools/list", {}).get("result", {})
        names = [tool["name"] for tool in listed.get("tools", [])]
        check("tools/list has the meta-tools", {"find_relevant_tools", "execute_tool", "describe_tool"} <= set(names), ",".join(names))

        found = session.request(
            "tools/call",
            {"name": "find_relevant_tools", "arguments": {"query": "echo back a message", "limit": 3}},
        ).get("result", {})
        try:
            found_names = [tool["name"] for tool in json.loads(text_of(found)).get("tools", [])]
        except ValueError:
            found_names = []
        echo = next((n for n in found_names if n.split(".")[-1] == "echo"), None)
        check("find_relevant_tools finds the echo tool", echo and not found.get("isError"), ",".join(found_names))
        echo = echo or "echo"

        ran = session.request(
            "tools/call",
            {"name": "execute_tool", "arguments": {"tool_name": echo, "arguments": {"message": "hello from python"}}},
        ).get("result", {})
        check("execute_tool runs the tool", "hello from python" in text_of(ran) and not ran.get("isError"), text_of(ran)[:200])

        bad = session.request(
            "tools/call",
            {"name": "execute_tool", "arguments": {"tool_name": echo, "arguments": {"msg": 1}}},
        ).get("result", {})
        check("bad arguments answer isError with a reason", bad.get("isError") is True and len(text_of(bad)) > 0, text_of(bad)[:200])

        delete = {
            "name": "execute_tool",
            "arguments": {"tool_name": "delete_entities", "arguments": {"entityNames": ["nobody"]}},
        }
        held = session.request("tools/call", delete).get("result", {})
        if "elicitation" in profile["capabilities"]:
            # The client can ask its user: Arsenal asks through elicitation, then runs the call.
            check("a destructive call is confirmed through elicitation", len(session.elicitations) == 1, json.dumps(session.elicitations)[:200])
            check("the confirmed call ran", not held.get("isError") and "arsenal/confirmation" not in held.get("_meta", {}), text_of(held)[:200])
        else:
            # No elicitation: the call is held, and confirm_tool_call runs it.
            pending = held.get("_meta", {}).get("arsenal/confirmation", {})
            check("a destructive call is held with a confirmation id", pending.get("confirmationId"), text_of(held)[:200])
            confirmed = session.request(
                "tools/call",
                {"name": "confirm_tool_call", "arguments": {"confirmation_id": pending.get("confirmationId", ""), "approve": True}},
            ).get("result", {})
            check("confirm_tool_call runs the held call", not confirmed.get("isError"), text_of(confirmed)[:200])

        unknown = session.request("tools/call", {"name": "no_such_tool", "arguments": {}})
        check("an unknown tool is an error, and the server lives on", "error" in unknown or unknown.get("result", {}).get("isError") is True)
        again = session.request("tools/list", {})
        check("the server still answers", "result" in again)
    finally:
        session.close()
    return checks


def main(argv):
    if "--" not in argv:
        print(__doc__, file=sys.stderr)
        return 2
    command = argv[argv.index("--") + 1 :]
    all_checks = []
    for name, profile in CLIENT_PROFILES.items():
        all_checks.extend(run_profile(name, profile, command))
    for item in all_checks:
        print(json.dumps(item))
    return 0 if all(item["ok"] for item in all_checks) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
