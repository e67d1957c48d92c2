"""How the suite's tests are shared out among pytest-xdist's processes (``scripts/test``).

xdist's ``load`` scheduling with ``--maxschedchunk 1`` keeps two tests waiting in each process
(the one running and the next), which suits a suite sorted longest first (``LONGEST_FIRST`` in
``tests/conftest.py``). Its first batch gives each process two consecutive tests of that list;
handing them out one per process in turn instead started the four longest at once (three
browser journeys and the schema fuzz), and in its one run the quiet suite took 13 min 24 s
(11 min 50 s in the run before, without it), so the first batch is xdist's. What it does not do:

- a module whose tests share an expensive module-scoped stack (its own Redis, web server and
  worker: ``SHARED_STACKS``) was spread over several processes, each starting and stopping the
  stack again (17 s up and 6 s down each under the suite's load); here the process that takes a
  test of such a module takes the module's next tests as it asks for work, and the others leave
  them to it.
"""

from __future__ import annotations

from xdist.scheduler import LoadScheduling

#: Modules whose tests share a module-scoped stack of their own processes.
SHARED_STACKS = frozenset({
    "tests/reliability/test_faults_redis.py",
    "tests/reliability/test_faults_schedule.py",
})


class LongestFirstScheduling(LoadScheduling):
    """xdist's load scheduling, one test at a time, shared stacks kept together."""

    def __init__(self, config, log=None):
        super().__init__(config, log)
        self.claims: dict = {}  # process -> the shared-stack module it runs

    def check_schedule(self, node, duration: float = 0) -> None:
        if node.shutting_down:
            return
        if not self.pending:
            node.shutdown()
            return
        while self.pending and len(self.node2pending[node]) < 2:
            self._send_one(node)

    def _module(self, index: int) -> str:
        return self.collection[index].split("::", 1)[0]

    def _send_one(self, node) -> None:
        claimed = self.claims.get(node)
        choice = None
        if claimed is not None:
            choice = next((k for k, i in enumerate(self.pending) if self._module(i) == claimed), None)
            if choice is None:
                del self.claims[node]  # the module is done
        if choice is None:
            others = {module for owner, module in self.claims.items() if owner is not node}
            choice = next((k for k, i in enumerate(self.pending) if self._module(i) not in others), 0)
        index = self.pending.pop(choice)
        if self._module(index) in SHARED_STACKS:
            self.claims[node] = self._module(index)
        self.node2pending[node].append(index)
        node.send_runtest_some([index])

    def remove_node(self, node):
        self.claims.pop(node, None)
        return super().remove_node(node)
