"""Playing a line through the API the way the client does."""


def play_one_by_one(api, game_id, line):
    """Each move in its own request, as the client sends them while a person plays."""
    for ply, move in enumerate(line):
        response = api.post(f"/api/games/{game_id}/moves/",
                            {"expected_ply": ply, "moves": [move], "client_times": [4000 * (ply + 1)]},
                            format="json")
        assert response.status_code == 200, response.json()
    return response
